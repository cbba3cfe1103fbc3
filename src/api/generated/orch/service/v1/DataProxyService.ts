// Original file: proto/orch/service/v1/data_proxy.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateDownloadLinkRequest as _orch_admin_v1_CreateDownloadLinkRequest, CreateDownloadLinkRequest__Output as _orch_admin_v1_CreateDownloadLinkRequest__Output } from '../../../orch/admin/v1/CreateDownloadLinkRequest.js';
import type { CreateDownloadLinkResponse as _orch_admin_v1_CreateDownloadLinkResponse, CreateDownloadLinkResponse__Output as _orch_admin_v1_CreateDownloadLinkResponse__Output } from '../../../orch/admin/v1/CreateDownloadLinkResponse.js';
import type { CreateUploadLocationRequest as _orch_admin_v1_CreateUploadLocationRequest, CreateUploadLocationRequest__Output as _orch_admin_v1_CreateUploadLocationRequest__Output } from '../../../orch/admin/v1/CreateUploadLocationRequest.js';
import type { CreateUploadLocationResponse as _orch_admin_v1_CreateUploadLocationResponse, CreateUploadLocationResponse__Output as _orch_admin_v1_CreateUploadLocationResponse__Output } from '../../../orch/admin/v1/CreateUploadLocationResponse.js';

/**
 * Signed upload and download URLs for the blob store, so clients never hold storage credentials.
 * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
 * PERMISSION_DENIED when the caller's role lacks the permission named.
 * HTTP: POST /api/v1/dataproxy/artifact_urn and POST /api/v1/dataproxy/artifact_link.
 */
export interface DataProxyServiceClient extends grpc.Client {
  /**
   * A signed URL to GET a stored file (viewer). INVALID_ARGUMENT for a missing or foreign native_url,
   * NOT_FOUND when no file is there.
   */
  CreateDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  CreateDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  CreateDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  CreateDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A signed URL to GET a stored file (viewer). INVALID_ARGUMENT for a missing or foreign native_url,
   * NOT_FOUND when no file is there.
   */
  createDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  createDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  createDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  createDownloadLink(argument: _orch_admin_v1_CreateDownloadLinkRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateDownloadLinkResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A signed URL to PUT one file to (contributor). INVALID_ARGUMENT for a missing project or domain, a
   * missing or wrong-sized content_md5, a bad file name or a negative expires_in.
   */
  CreateUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  CreateUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  CreateUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  CreateUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  /**
   * A signed URL to PUT one file to (contributor). INVALID_ARGUMENT for a missing project or domain, a
   * missing or wrong-sized content_md5, a bad file name or a negative expires_in.
   */
  createUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  createUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  createUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  createUploadLocation(argument: _orch_admin_v1_CreateUploadLocationRequest, callback: grpc.requestCallback<_orch_admin_v1_CreateUploadLocationResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Signed upload and download URLs for the blob store, so clients never hold storage credentials.
 * Every RPC answers UNAUTHENTICATED without valid credentials (when authentication is on) and
 * PERMISSION_DENIED when the caller's role lacks the permission named.
 * HTTP: POST /api/v1/dataproxy/artifact_urn and POST /api/v1/dataproxy/artifact_link.
 */
export interface DataProxyServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * A signed URL to GET a stored file (viewer). INVALID_ARGUMENT for a missing or foreign native_url,
   * NOT_FOUND when no file is there.
   */
  CreateDownloadLink: grpc.handleUnaryCall<_orch_admin_v1_CreateDownloadLinkRequest__Output, _orch_admin_v1_CreateDownloadLinkResponse>;
  
  /**
   * A signed URL to PUT one file to (contributor). INVALID_ARGUMENT for a missing project or domain, a
   * missing or wrong-sized content_md5, a bad file name or a negative expires_in.
   */
  CreateUploadLocation: grpc.handleUnaryCall<_orch_admin_v1_CreateUploadLocationRequest__Output, _orch_admin_v1_CreateUploadLocationResponse>;
  
}

export interface DataProxyServiceDefinition extends grpc.ServiceDefinition {
  CreateDownloadLink: MethodDefinition<_orch_admin_v1_CreateDownloadLinkRequest, _orch_admin_v1_CreateDownloadLinkResponse, _orch_admin_v1_CreateDownloadLinkRequest__Output, _orch_admin_v1_CreateDownloadLinkResponse__Output>
  CreateUploadLocation: MethodDefinition<_orch_admin_v1_CreateUploadLocationRequest, _orch_admin_v1_CreateUploadLocationResponse, _orch_admin_v1_CreateUploadLocationRequest__Output, _orch_admin_v1_CreateUploadLocationResponse__Output>
}
