import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from './google/protobuf/Duration.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from './google/protobuf/Timestamp.js';
import type { CreateDownloadLinkRequest as _orch_admin_v1_CreateDownloadLinkRequest, CreateDownloadLinkRequest__Output as _orch_admin_v1_CreateDownloadLinkRequest__Output } from './orch/admin/v1/CreateDownloadLinkRequest.js';
import type { CreateDownloadLinkResponse as _orch_admin_v1_CreateDownloadLinkResponse, CreateDownloadLinkResponse__Output as _orch_admin_v1_CreateDownloadLinkResponse__Output } from './orch/admin/v1/CreateDownloadLinkResponse.js';
import type { CreateUploadLocationRequest as _orch_admin_v1_CreateUploadLocationRequest, CreateUploadLocationRequest__Output as _orch_admin_v1_CreateUploadLocationRequest__Output } from './orch/admin/v1/CreateUploadLocationRequest.js';
import type { CreateUploadLocationResponse as _orch_admin_v1_CreateUploadLocationResponse, CreateUploadLocationResponse__Output as _orch_admin_v1_CreateUploadLocationResponse__Output } from './orch/admin/v1/CreateUploadLocationResponse.js';
import type { DataProxyServiceClient as _orch_service_v1_DataProxyServiceClient, DataProxyServiceDefinition as _orch_service_v1_DataProxyServiceDefinition } from './orch/service/v1/DataProxyService.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  google: {
    protobuf: {
      Duration: MessageTypeDefinition<_google_protobuf_Duration, _google_protobuf_Duration__Output>
      Timestamp: MessageTypeDefinition<_google_protobuf_Timestamp, _google_protobuf_Timestamp__Output>
    }
  }
  orch: {
    admin: {
      v1: {
        CreateDownloadLinkRequest: MessageTypeDefinition<_orch_admin_v1_CreateDownloadLinkRequest, _orch_admin_v1_CreateDownloadLinkRequest__Output>
        CreateDownloadLinkResponse: MessageTypeDefinition<_orch_admin_v1_CreateDownloadLinkResponse, _orch_admin_v1_CreateDownloadLinkResponse__Output>
        CreateUploadLocationRequest: MessageTypeDefinition<_orch_admin_v1_CreateUploadLocationRequest, _orch_admin_v1_CreateUploadLocationRequest__Output>
        CreateUploadLocationResponse: MessageTypeDefinition<_orch_admin_v1_CreateUploadLocationResponse, _orch_admin_v1_CreateUploadLocationResponse__Output>
      }
    }
    service: {
      v1: {
        /**
         * Signed upload and download URLs for the blob store, so clients never hold storage credentials.
         * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
         * PERMISSION_DENIED when the caller's role lacks the permission named.
         * HTTP: POST /api/v1/dataproxy/artifact_urn and POST /api/v1/dataproxy/artifact_link.
         */
        DataProxyService: SubtypeConstructor<typeof grpc.Client, _orch_service_v1_DataProxyServiceClient> & { service: _orch_service_v1_DataProxyServiceDefinition }
      }
    }
  }
}

