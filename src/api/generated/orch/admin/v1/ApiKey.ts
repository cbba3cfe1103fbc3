// Original file: proto/orch/admin/v1/identity.proto

import type { Role as _orch_admin_v1_Role, Role__Output as _orch_admin_v1_Role__Output } from '../../../orch/admin/v1/Role.js';
import type { Long } from '@grpc/proto-loader';

/**
 * An API key: a confidential OAuth client with a role. Its secret is shown once, when created.
 */
export interface ApiKey {
  /**
   * The OAuth client id to authenticate with (client credentials grant).
   */
  'client_id'?: (string);
  /**
   * Lower-case letters, digits and dashes, at most 63 characters; unique in the org.
   */
  'name'?: (string);
  /**
   * The role of the key's access tokens.
   */
  'role'?: (_orch_admin_v1_Role);
  /**
   * The org the key belongs to.
   */
  'org'?: (string);
  /**
   * Milliseconds since the epoch, as RFC 3339 over HTTP.
   */
  'created_at_ms'?: (number | string | Long);
  /**
   * The subject that created the key.
   */
  'created_by'?: (string);
}

/**
 * An API key: a confidential OAuth client with a role. Its secret is shown once, when created.
 */
export interface ApiKey__Output {
  /**
   * The OAuth client id to authenticate with (client credentials grant).
   */
  'client_id': (string);
  /**
   * Lower-case letters, digits and dashes, at most 63 characters; unique in the org.
   */
  'name': (string);
  /**
   * The role of the key's access tokens.
   */
  'role': (_orch_admin_v1_Role__Output);
  /**
   * The org the key belongs to.
   */
  'org': (string);
  /**
   * Milliseconds since the epoch, as RFC 3339 over HTTP.
   */
  'created_at_ms': (string);
  /**
   * The subject that created the key.
   */
  'created_by': (string);
}
