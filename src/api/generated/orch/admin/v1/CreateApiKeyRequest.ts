// Original file: proto/orch/admin/v1/identity.proto

import type { Role as _orch_admin_v1_Role, Role__Output as _orch_admin_v1_Role__Output } from '../../../orch/admin/v1/Role.js';

/**
 * CreateApiKey (admin): INVALID_ARGUMENT for a bad or reserved name or an unspecified role,
 * ALREADY_EXISTS for a taken name.
 */
export interface CreateApiKeyRequest {
  /**
   * Lower-case letters, digits and dashes, at most 63 characters.
   */
  'name'?: (string);
  /**
   * The role of the key's tokens; required.
   */
  'role'?: (_orch_admin_v1_Role);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * CreateApiKey (admin): INVALID_ARGUMENT for a bad or reserved name or an unspecified role,
 * ALREADY_EXISTS for a taken name.
 */
export interface CreateApiKeyRequest__Output {
  /**
   * Lower-case letters, digits and dashes, at most 63 characters.
   */
  'name': (string);
  /**
   * The role of the key's tokens; required.
   */
  'role': (_orch_admin_v1_Role__Output);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
