// Original file: proto/orch/admin/v1/identity.proto

import type { ApiKey as _orch_admin_v1_ApiKey, ApiKey__Output as _orch_admin_v1_ApiKey__Output } from '../../../orch/admin/v1/ApiKey.js';

/**
 * The created key, with its secret.
 */
export interface CreateApiKeyResponse {
  /**
   * The key.
   */
  'key'?: (_orch_admin_v1_ApiKey | null);
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
  'key': (_orch_admin_v1_ApiKey__Output | null);
  /**
   * The client secret; the server keeps only its hash and never returns it again.
   */
  'client_secret': (string);
}
