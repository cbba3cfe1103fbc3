import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { App as _orch_admin_App, App__Output as _orch_admin_App__Output } from './orch/admin/App.js';
import type { AppIdentifier as _orch_admin_AppIdentifier, AppIdentifier__Output as _orch_admin_AppIdentifier__Output } from './orch/admin/AppIdentifier.js';
import type { AppResources as _orch_admin_AppResources, AppResources__Output as _orch_admin_AppResources__Output } from './orch/admin/AppResources.js';
import type { AppSecret as _orch_admin_AppSecret, AppSecret__Output as _orch_admin_AppSecret__Output } from './orch/admin/AppSecret.js';
import type { AppSpec as _orch_admin_AppSpec, AppSpec__Output as _orch_admin_AppSpec__Output } from './orch/admin/AppSpec.js';
import type { AppStatus as _orch_admin_AppStatus, AppStatus__Output as _orch_admin_AppStatus__Output } from './orch/admin/AppStatus.js';
import type { DeployAppRequest as _orch_admin_DeployAppRequest, DeployAppRequest__Output as _orch_admin_DeployAppRequest__Output } from './orch/admin/DeployAppRequest.js';
import type { GetAppRequest as _orch_admin_GetAppRequest, GetAppRequest__Output as _orch_admin_GetAppRequest__Output } from './orch/admin/GetAppRequest.js';
import type { ImageSpec as _orch_admin_ImageSpec, ImageSpec__Output as _orch_admin_ImageSpec__Output } from './orch/admin/ImageSpec.js';
import type { ListAppsRequest as _orch_admin_ListAppsRequest, ListAppsRequest__Output as _orch_admin_ListAppsRequest__Output } from './orch/admin/ListAppsRequest.js';
import type { ListAppsResponse as _orch_admin_ListAppsResponse, ListAppsResponse__Output as _orch_admin_ListAppsResponse__Output } from './orch/admin/ListAppsResponse.js';
import type { StopAppRequest as _orch_admin_StopAppRequest, StopAppRequest__Output as _orch_admin_StopAppRequest__Output } from './orch/admin/StopAppRequest.js';
import type { StopAppResponse as _orch_admin_StopAppResponse, StopAppResponse__Output as _orch_admin_StopAppResponse__Output } from './orch/admin/StopAppResponse.js';
import type { AppServiceClient as _orch_service_AppServiceClient, AppServiceDefinition as _orch_service_AppServiceDefinition } from './orch/service/AppService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  orch: {
    admin: {
      App: MessageTypeDefinition<_orch_admin_App, _orch_admin_App__Output>
      AppIdentifier: MessageTypeDefinition<_orch_admin_AppIdentifier, _orch_admin_AppIdentifier__Output>
      AppResources: MessageTypeDefinition<_orch_admin_AppResources, _orch_admin_AppResources__Output>
      AppSecret: MessageTypeDefinition<_orch_admin_AppSecret, _orch_admin_AppSecret__Output>
      AppSpec: MessageTypeDefinition<_orch_admin_AppSpec, _orch_admin_AppSpec__Output>
      AppStatus: MessageTypeDefinition<_orch_admin_AppStatus, _orch_admin_AppStatus__Output>
      DeployAppRequest: MessageTypeDefinition<_orch_admin_DeployAppRequest, _orch_admin_DeployAppRequest__Output>
      GetAppRequest: MessageTypeDefinition<_orch_admin_GetAppRequest, _orch_admin_GetAppRequest__Output>
      ImageSpec: MessageTypeDefinition<_orch_admin_ImageSpec, _orch_admin_ImageSpec__Output>
      ListAppsRequest: MessageTypeDefinition<_orch_admin_ListAppsRequest, _orch_admin_ListAppsRequest__Output>
      ListAppsResponse: MessageTypeDefinition<_orch_admin_ListAppsResponse, _orch_admin_ListAppsResponse__Output>
      StopAppRequest: MessageTypeDefinition<_orch_admin_StopAppRequest, _orch_admin_StopAppRequest__Output>
      StopAppResponse: MessageTypeDefinition<_orch_admin_StopAppResponse, _orch_admin_StopAppResponse__Output>
    }
    service: {
      /**
       * Apps: long-running web services deployed from app files and routed on the apps sub-domain.
       * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
       * PERMISSION_DENIED when the caller's role lacks the permission named.
       * HTTP: POST /api/v1/apps (Deploy, as Server-Sent Events), GET /api/v1/apps/{project}/{domain}/{name},
       * GET /api/v1/apps/{project}/{domain}, DELETE /api/v1/apps/{project}/{domain}/{name} (Stop).
       */
      AppService: SubtypeConstructor<typeof grpc.Client, _orch_service_AppServiceClient> & { service: _orch_service_AppServiceDefinition }
    }
  }
}

