// Original file: proto/orch/admin/v1/identity.proto

import type { Role as _orch_admin_v1_Role, Role__Output as _orch_admin_v1_Role__Output } from '../../../orch/admin/v1/Role.js';

/**
 * Who the caller is, as the server sees it (HTTP `GET /me`).
 */
export interface UserInfoResponse {
  /**
   * The token's subject: a user id or an API key's client id.
   */
  'subject'?: (string);
  /**
   * The person's name, when the identity provider gave one.
   */
  'name'?: (string);
  /**
   * The person's user name, when the identity provider gave one.
   */
  'preferred_username'?: (string);
  /**
   * The person's email address, when the identity provider gave one.
   */
  'email'?: (string);
  /**
   * The OAuth client the token was issued to.
   */
  'client_id'?: (string);
  /**
   * The caller's org.
   */
  'org'?: (string);
  /**
   * The caller's role.
   */
  'role'?: (_orch_admin_v1_Role);
  /**
   * How the caller was identified: "bearer", "localhost" or "anonymous".
   */
  'method'?: (string);
}

/**
 * Who the caller is, as the server sees it (HTTP `GET /me`).
 */
export interface UserInfoResponse__Output {
  /**
   * The token's subject: a user id or an API key's client id.
   */
  'subject': (string);
  /**
   * The person's name, when the identity provider gave one.
   */
  'name': (string);
  /**
   * The person's user name, when the identity provider gave one.
   */
  'preferred_username': (string);
  /**
   * The person's email address, when the identity provider gave one.
   */
  'email': (string);
  /**
   * The OAuth client the token was issued to.
   */
  'client_id': (string);
  /**
   * The caller's org.
   */
  'org': (string);
  /**
   * The caller's role.
   */
  'role': (_orch_admin_v1_Role__Output);
  /**
   * How the caller was identified: "bearer", "localhost" or "anonymous".
   */
  'method': (string);
}
