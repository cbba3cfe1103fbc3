import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { App as _orch_admin_v1_App, App__Output as _orch_admin_v1_App__Output } from './orch/admin/v1/App.js';
import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from './orch/admin/v1/AppIdentifier.js';
import type { AppLogLine as _orch_admin_v1_AppLogLine, AppLogLine__Output as _orch_admin_v1_AppLogLine__Output } from './orch/admin/v1/AppLogLine.js';
import type { AppResources as _orch_admin_v1_AppResources, AppResources__Output as _orch_admin_v1_AppResources__Output } from './orch/admin/v1/AppResources.js';
import type { AppRevision as _orch_admin_v1_AppRevision, AppRevision__Output as _orch_admin_v1_AppRevision__Output } from './orch/admin/v1/AppRevision.js';
import type { AppSecret as _orch_admin_v1_AppSecret, AppSecret__Output as _orch_admin_v1_AppSecret__Output } from './orch/admin/v1/AppSecret.js';
import type { AppSpec as _orch_admin_v1_AppSpec, AppSpec__Output as _orch_admin_v1_AppSpec__Output } from './orch/admin/v1/AppSpec.js';
import type { AppStatus as _orch_admin_v1_AppStatus, AppStatus__Output as _orch_admin_v1_AppStatus__Output } from './orch/admin/v1/AppStatus.js';
import type { DeployAppRequest as _orch_admin_v1_DeployAppRequest, DeployAppRequest__Output as _orch_admin_v1_DeployAppRequest__Output } from './orch/admin/v1/DeployAppRequest.js';
import type { GetAppLogsRequest as _orch_admin_v1_GetAppLogsRequest, GetAppLogsRequest__Output as _orch_admin_v1_GetAppLogsRequest__Output } from './orch/admin/v1/GetAppLogsRequest.js';
import type { GetAppLogsResponse as _orch_admin_v1_GetAppLogsResponse, GetAppLogsResponse__Output as _orch_admin_v1_GetAppLogsResponse__Output } from './orch/admin/v1/GetAppLogsResponse.js';
import type { GetAppRequest as _orch_admin_v1_GetAppRequest, GetAppRequest__Output as _orch_admin_v1_GetAppRequest__Output } from './orch/admin/v1/GetAppRequest.js';
import type { ImageSpec as _orch_admin_v1_ImageSpec, ImageSpec__Output as _orch_admin_v1_ImageSpec__Output } from './orch/admin/v1/ImageSpec.js';
import type { ListAppRevisionsRequest as _orch_admin_v1_ListAppRevisionsRequest, ListAppRevisionsRequest__Output as _orch_admin_v1_ListAppRevisionsRequest__Output } from './orch/admin/v1/ListAppRevisionsRequest.js';
import type { ListAppRevisionsResponse as _orch_admin_v1_ListAppRevisionsResponse, ListAppRevisionsResponse__Output as _orch_admin_v1_ListAppRevisionsResponse__Output } from './orch/admin/v1/ListAppRevisionsResponse.js';
import type { ListAppsRequest as _orch_admin_v1_ListAppsRequest, ListAppsRequest__Output as _orch_admin_v1_ListAppsRequest__Output } from './orch/admin/v1/ListAppsRequest.js';
import type { ListAppsResponse as _orch_admin_v1_ListAppsResponse, ListAppsResponse__Output as _orch_admin_v1_ListAppsResponse__Output } from './orch/admin/v1/ListAppsResponse.js';
import type { StopAppRequest as _orch_admin_v1_StopAppRequest, StopAppRequest__Output as _orch_admin_v1_StopAppRequest__Output } from './orch/admin/v1/StopAppRequest.js';
import type { StopAppResponse as _orch_admin_v1_StopAppResponse, StopAppResponse__Output as _orch_admin_v1_StopAppResponse__Output } from './orch/admin/v1/StopAppResponse.js';
import type { AppServiceClient as _orch_service_v1_AppServiceClient, AppServiceDefinition as _orch_service_v1_AppServiceDefinition } from './orch/service/v1/AppService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      v1: {
        App: MessageTypeDefinition<_orch_admin_v1_App, _orch_admin_v1_App__Output>
        AppIdentifier: MessageTypeDefinition<_orch_admin_v1_AppIdentifier, _orch_admin_v1_AppIdentifier__Output>
        AppLogLine: MessageTypeDefinition<_orch_admin_v1_AppLogLine, _orch_admin_v1_AppLogLine__Output>
        AppResources: MessageTypeDefinition<_orch_admin_v1_AppResources, _orch_admin_v1_AppResources__Output>
        AppRevision: MessageTypeDefinition<_orch_admin_v1_AppRevision, _orch_admin_v1_AppRevision__Output>
        AppSecret: MessageTypeDefinition<_orch_admin_v1_AppSecret, _orch_admin_v1_AppSecret__Output>
        AppSpec: MessageTypeDefinition<_orch_admin_v1_AppSpec, _orch_admin_v1_AppSpec__Output>
        AppStatus: MessageTypeDefinition<_orch_admin_v1_AppStatus, _orch_admin_v1_AppStatus__Output>
        DeployAppRequest: MessageTypeDefinition<_orch_admin_v1_DeployAppRequest, _orch_admin_v1_DeployAppRequest__Output>
        GetAppLogsRequest: MessageTypeDefinition<_orch_admin_v1_GetAppLogsRequest, _orch_admin_v1_GetAppLogsRequest__Output>
        GetAppLogsResponse: MessageTypeDefinition<_orch_admin_v1_GetAppLogsResponse, _orch_admin_v1_GetAppLogsResponse__Output>
        GetAppRequest: MessageTypeDefinition<_orch_admin_v1_GetAppRequest, _orch_admin_v1_GetAppRequest__Output>
        ImageSpec: MessageTypeDefinition<_orch_admin_v1_ImageSpec, _orch_admin_v1_ImageSpec__Output>
        ListAppRevisionsRequest: MessageTypeDefinition<_orch_admin_v1_ListAppRevisionsRequest, _orch_admin_v1_ListAppRevisionsRequest__Output>
        ListAppRevisionsResponse: MessageTypeDefinition<_orch_admin_v1_ListAppRevisionsResponse, _orch_admin_v1_ListAppRevisionsResponse__Output>
        ListAppsRequest: MessageTypeDefinition<_orch_admin_v1_ListAppsRequest, _orch_admin_v1_ListAppsRequest__Output>
        ListAppsResponse: MessageTypeDefinition<_orch_admin_v1_ListAppsResponse, _orch_admin_v1_ListAppsResponse__Output>
        StopAppRequest: MessageTypeDefinition<_orch_admin_v1_StopAppRequest, _orch_admin_v1_StopAppRequest__Output>
        StopAppResponse: MessageTypeDefinition<_orch_admin_v1_StopAppResponse, _orch_admin_v1_StopAppResponse__Output>
      }
    }
    service: {
      v1: {
        /**
         * Apps: long-running web services deployed from app files and routed on the apps sub-domain.
         * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
         * PERMISSION_DENIED when the caller's role lacks the permission named.
         * HTTP: POST /api/v1/apps (Deploy, as Server-Sent Events), GET /api/v1/apps/{project}/{domain}/{name},
         * GET /api/v1/apps/{project}/{domain}, DELETE /api/v1/apps/{project}/{domain}/{name} (Stop),
         * GET /api/v1/apps/{project}/{domain}/{name}/revisions?limit= (ListRevisions),
         * GET /api/v1/apps/{project}/{domain}/{name}/logs?limit= (GetLogs).
         */
        AppService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_AppServiceClient> & { service: _orch_service_v1_AppServiceDefinition }
      }
    }
  }
}

