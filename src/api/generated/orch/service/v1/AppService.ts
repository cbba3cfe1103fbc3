// Original file: proto/orch/service/v1/app.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { App as _orch_admin_v1_App, App__Output as _orch_admin_v1_App__Output } from '../../../orch/admin/v1/App.js';
import type { AppStatus as _orch_admin_v1_AppStatus, AppStatus__Output as _orch_admin_v1_AppStatus__Output } from '../../../orch/admin/v1/AppStatus.js';
import type { DeployAppRequest as _orch_admin_v1_DeployAppRequest, DeployAppRequest__Output as _orch_admin_v1_DeployAppRequest__Output } from '../../../orch/admin/v1/DeployAppRequest.js';
import type { GetAppLogsRequest as _orch_admin_v1_GetAppLogsRequest, GetAppLogsRequest__Output as _orch_admin_v1_GetAppLogsRequest__Output } from '../../../orch/admin/v1/GetAppLogsRequest.js';
import type { GetAppLogsResponse as _orch_admin_v1_GetAppLogsResponse, GetAppLogsResponse__Output as _orch_admin_v1_GetAppLogsResponse__Output } from '../../../orch/admin/v1/GetAppLogsResponse.js';
import type { GetAppRequest as _orch_admin_v1_GetAppRequest, GetAppRequest__Output as _orch_admin_v1_GetAppRequest__Output } from '../../../orch/admin/v1/GetAppRequest.js';
import type { ListAppRevisionsRequest as _orch_admin_v1_ListAppRevisionsRequest, ListAppRevisionsRequest__Output as _orch_admin_v1_ListAppRevisionsRequest__Output } from '../../../orch/admin/v1/ListAppRevisionsRequest.js';
import type { ListAppRevisionsResponse as _orch_admin_v1_ListAppRevisionsResponse, ListAppRevisionsResponse__Output as _orch_admin_v1_ListAppRevisionsResponse__Output } from '../../../orch/admin/v1/ListAppRevisionsResponse.js';
import type { ListAppsRequest as _orch_admin_v1_ListAppsRequest, ListAppsRequest__Output as _orch_admin_v1_ListAppsRequest__Output } from '../../../orch/admin/v1/ListAppsRequest.js';
import type { ListAppsResponse as _orch_admin_v1_ListAppsResponse, ListAppsResponse__Output as _orch_admin_v1_ListAppsResponse__Output } from '../../../orch/admin/v1/ListAppsResponse.js';
import type { StopAppRequest as _orch_admin_v1_StopAppRequest, StopAppRequest__Output as _orch_admin_v1_StopAppRequest__Output } from '../../../orch/admin/v1/StopAppRequest.js';
import type { StopAppResponse as _orch_admin_v1_StopAppResponse, StopAppResponse__Output as _orch_admin_v1_StopAppResponse__Output } from '../../../orch/admin/v1/StopAppResponse.js';

/**
 * Apps: long-running web services deployed from app files and routed on the apps sub-domain.
 * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
 * PERMISSION_DENIED when the caller's role lacks the permission named.
 * HTTP: POST /api/v1/apps (Deploy, as Server-Sent Events), GET /api/v1/apps/{project}/{domain}/{name},
 * GET /api/v1/apps/{project}/{domain}, DELETE /api/v1/apps/{project}/{domain}/{name} (Stop),
 * GET /api/v1/apps/{project}/{domain}/{name}/revisions?limit= (ListRevisions),
 * GET /api/v1/apps/{project}/{domain}/{name}/logs?limit= (GetLogs).
 */
export interface AppServiceClient extends grpc.Client {
  /**
   * Deploys a new revision and streams its statuses until it is Started or Failed (admin).
   * INVALID_ARGUMENT for a bad spec (name, port, resources), ALREADY_EXISTS when another project holds
   * the name; a revision that fails to start ends the stream with a Failed status.
   */
  Deploy(argument: _orch_admin_v1_DeployAppRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_AppStatus__Output>;
  Deploy(argument: _orch_admin_v1_DeployAppRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_AppStatus__Output>;
  /**
   * Deploys a new revision and streams its statuses until it is Started or Failed (admin).
   * INVALID_ARGUMENT for a bad spec (name, port, resources), ALREADY_EXISTS when another project holds
   * the name; a revision that fails to start ends the stream with a Failed status.
   */
  deploy(argument: _orch_admin_v1_DeployAppRequest, metadata: grpc.Metadata, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_AppStatus__Output>;
  deploy(argument: _orch_admin_v1_DeployAppRequest, options?: grpc.CallOptions): grpc.ClientReadableStream<_orch_admin_v1_AppStatus__Output>;
  
  /**
   * One app and its latest status (viewer). NOT_FOUND when absent.
   */
  Get(argument: _orch_admin_v1_GetAppRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  Get(argument: _orch_admin_v1_GetAppRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  Get(argument: _orch_admin_v1_GetAppRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  Get(argument: _orch_admin_v1_GetAppRequest, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  /**
   * One app and its latest status (viewer). NOT_FOUND when absent.
   */
  get(argument: _orch_admin_v1_GetAppRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  get(argument: _orch_admin_v1_GetAppRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  get(argument: _orch_admin_v1_GetAppRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  get(argument: _orch_admin_v1_GetAppRequest, callback: grpc.requestCallback<_orch_admin_v1_App__Output>): grpc.ClientUnaryCall;
  
  /**
   * The last lines the app's latest instance(s) printed, with the time this server received each
   * (viewer). Lines are kept in memory by the admin that runs the instance: the last 500 per app,
   * none after a restart of the admin. NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a
   * bad project, domain or name.
   */
  GetLogs(argument: _orch_admin_v1_GetAppLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  GetLogs(argument: _orch_admin_v1_GetAppLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  GetLogs(argument: _orch_admin_v1_GetAppLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  GetLogs(argument: _orch_admin_v1_GetAppLogsRequest, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The last lines the app's latest instance(s) printed, with the time this server received each
   * (viewer). Lines are kept in memory by the admin that runs the instance: the last 500 per app,
   * none after a restart of the admin. NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a
   * bad project, domain or name.
   */
  getLogs(argument: _orch_admin_v1_GetAppLogsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  getLogs(argument: _orch_admin_v1_GetAppLogsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  getLogs(argument: _orch_admin_v1_GetAppLogsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  getLogs(argument: _orch_admin_v1_GetAppLogsRequest, callback: grpc.requestCallback<_orch_admin_v1_GetAppLogsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * The apps of a project and domain (viewer).
   */
  List(argument: _orch_admin_v1_ListAppsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  List(argument: _orch_admin_v1_ListAppsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  List(argument: _orch_admin_v1_ListAppsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  List(argument: _orch_admin_v1_ListAppsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The apps of a project and domain (viewer).
   */
  list(argument: _orch_admin_v1_ListAppsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  list(argument: _orch_admin_v1_ListAppsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  list(argument: _orch_admin_v1_ListAppsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  list(argument: _orch_admin_v1_ListAppsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListAppsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * An app's deployments, newest first, each with its spec (environment variables and secrets by name
   * only), when it was deployed and by whom, and how it ended (viewer). NOT_FOUND when no such app is
   * deployed; INVALID_ARGUMENT for a bad project, domain or name.
   */
  ListRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  ListRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  /**
   * An app's deployments, newest first, each with its spec (environment variables and secrets by name
   * only), when it was deployed and by whom, and how it ended (viewer). NOT_FOUND when no such app is
   * deployed; INVALID_ARGUMENT for a bad project, domain or name.
   */
  listRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  listRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  listRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  listRevisions(argument: _orch_admin_v1_ListAppRevisionsRequest, callback: grpc.requestCallback<_orch_admin_v1_ListAppRevisionsResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * Stops every instance of an app (admin).
   */
  Stop(argument: _orch_admin_v1_StopAppRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  Stop(argument: _orch_admin_v1_StopAppRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  Stop(argument: _orch_admin_v1_StopAppRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  Stop(argument: _orch_admin_v1_StopAppRequest, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  /**
   * Stops every instance of an app (admin).
   */
  stop(argument: _orch_admin_v1_StopAppRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  stop(argument: _orch_admin_v1_StopAppRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  stop(argument: _orch_admin_v1_StopAppRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  stop(argument: _orch_admin_v1_StopAppRequest, callback: grpc.requestCallback<_orch_admin_v1_StopAppResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Apps: long-running web services deployed from app files and routed on the apps sub-domain.
 * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
 * PERMISSION_DENIED when the caller's role lacks the permission named.
 * HTTP: POST /api/v1/apps (Deploy, as Server-Sent Events), GET /api/v1/apps/{project}/{domain}/{name},
 * GET /api/v1/apps/{project}/{domain}, DELETE /api/v1/apps/{project}/{domain}/{name} (Stop),
 * GET /api/v1/apps/{project}/{domain}/{name}/revisions?limit= (ListRevisions),
 * GET /api/v1/apps/{project}/{domain}/{name}/logs?limit= (GetLogs).
 */
export interface AppServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Deploys a new revision and streams its statuses until it is Started or Failed (admin).
   * INVALID_ARGUMENT for a bad spec (name, port, resources), ALREADY_EXISTS when another project holds
   * the name; a revision that fails to start ends the stream with a Failed status.
   */
  Deploy: grpc.handleServerStreamingCall<_orch_admin_v1_DeployAppRequest__Output, _orch_admin_v1_AppStatus>;
  
  /**
   * One app and its latest status (viewer). NOT_FOUND when absent.
   */
  Get: grpc.handleUnaryCall<_orch_admin_v1_GetAppRequest__Output, _orch_admin_v1_App>;
  
  /**
   * The last lines the app's latest instance(s) printed, with the time this server received each
   * (viewer). Lines are kept in memory by the admin that runs the instance: the last 500 per app,
   * none after a restart of the admin. NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a
   * bad project, domain or name.
   */
  GetLogs: grpc.handleUnaryCall<_orch_admin_v1_GetAppLogsRequest__Output, _orch_admin_v1_GetAppLogsResponse>;
  
  /**
   * The apps of a project and domain (viewer).
   */
  List: grpc.handleUnaryCall<_orch_admin_v1_ListAppsRequest__Output, _orch_admin_v1_ListAppsResponse>;
  
  /**
   * An app's deployments, newest first, each with its spec (environment variables and secrets by name
   * only), when it was deployed and by whom, and how it ended (viewer). NOT_FOUND when no such app is
   * deployed; INVALID_ARGUMENT for a bad project, domain or name.
   */
  ListRevisions: grpc.handleUnaryCall<_orch_admin_v1_ListAppRevisionsRequest__Output, _orch_admin_v1_ListAppRevisionsResponse>;
  
  /**
   * Stops every instance of an app (admin).
   */
  Stop: grpc.handleUnaryCall<_orch_admin_v1_StopAppRequest__Output, _orch_admin_v1_StopAppResponse>;
  
}

export interface AppServiceDefinition extends grpc.ServiceDefinition {
  Deploy: MethodDefinition<_orch_admin_v1_DeployAppRequest, _orch_admin_v1_AppStatus, _orch_admin_v1_DeployAppRequest__Output, _orch_admin_v1_AppStatus__Output>
  Get: MethodDefinition<_orch_admin_v1_GetAppRequest, _orch_admin_v1_App, _orch_admin_v1_GetAppRequest__Output, _orch_admin_v1_App__Output>
  GetLogs: MethodDefinition<_orch_admin_v1_GetAppLogsRequest, _orch_admin_v1_GetAppLogsResponse, _orch_admin_v1_GetAppLogsRequest__Output, _orch_admin_v1_GetAppLogsResponse__Output>
  List: MethodDefinition<_orch_admin_v1_ListAppsRequest, _orch_admin_v1_ListAppsResponse, _orch_admin_v1_ListAppsRequest__Output, _orch_admin_v1_ListAppsResponse__Output>
  ListRevisions: MethodDefinition<_orch_admin_v1_ListAppRevisionsRequest, _orch_admin_v1_ListAppRevisionsResponse, _orch_admin_v1_ListAppRevisionsRequest__Output, _orch_admin_v1_ListAppRevisionsResponse__Output>
  Stop: MethodDefinition<_orch_admin_v1_StopAppRequest, _orch_admin_v1_StopAppResponse, _orch_admin_v1_StopAppRequest__Output, _orch_admin_v1_StopAppResponse__Output>
}
