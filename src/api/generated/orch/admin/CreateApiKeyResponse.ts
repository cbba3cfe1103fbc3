// Original file: proto/orch/admin/identity.proto

import type { ApiKey as _orch_admin_ApiKey, ApiKey__Output as _orch_admin_ApiKey__Output } from '../../orch/admin/ApiKey.js';

/**
 * The created key, with its secret.
 */
export interface CreateApiKeyResponse {
  /**
   * The key.
   */
  'key'?: (_orch_admin_ApiKey | null);
  /**
   * The client secret; the server keeps only its hash and never returns it again.
   */
  'client_secret'?: (string);
}

/**
 * The created key, with its secret.
 */
export interface CreateApiKeyResponse__Output {
  /**
   * The key.
   */
  'key': (_orch_admin_ApiKey__Output | null);
  /**
   * The client secret; the server keeps only its hash and never returns it again.
   */
  'client_secret': (string);
}
