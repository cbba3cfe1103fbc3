// Original file: proto/orch/service/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { UserInfoRequest as _orch_admin_v1_UserInfoRequest, UserInfoRequest__Output as _orch_admin_v1_UserInfoRequest__Output } from '../../../orch/admin/v1/UserInfoRequest.js';
import type { UserInfoResponse as _orch_admin_v1_UserInfoResponse, UserInfoResponse__Output as _orch_admin_v1_UserInfoResponse__Output } from '../../../orch/admin/v1/UserInfoResponse.js';

/**
 * Who is calling. HTTP: GET /me.
 */
export interface IdentityServiceClient extends grpc.Client {
  /**
   * The caller as the server sees it (any authenticated caller; UNAUTHENTICATED otherwise).
   */
  UserInfo(argument: _orch_admin_v1_UserInfoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  UserInfo(argument: _orch_admin_v1_UserInfoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  UserInfo(argument: _orch_admin_v1_UserInfoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  UserInfo(argument: _orch_admin_v1_UserInfoRequest, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The caller as the server sees it (any authenticated caller; UNAUTHENTICATED otherwise).
   */
  userInfo(argument: _orch_admin_v1_UserInfoRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  userInfo(argument: _orch_admin_v1_UserInfoRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  userInfo(argument: _orch_admin_v1_UserInfoRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  userInfo(argument: _orch_admin_v1_UserInfoRequest, callback: grpc.requestCallback<_orch_admin_v1_UserInfoResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Who is calling. HTTP: GET /me.
 */
export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The caller as the server sees it (any authenticated caller; UNAUTHENTICATED otherwise).
   */
  UserInfo: grpc.handleUnaryCall<_orch_admin_v1_UserInfoRequest__Output, _orch_admin_v1_UserInfoResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  UserInfo: MethodDefinition<_orch_admin_v1_UserInfoRequest, _orch_admin_v1_UserInfoResponse, _orch_admin_v1_UserInfoRequest__Output, _orch_admin_v1_UserInfoResponse__Output>
}
