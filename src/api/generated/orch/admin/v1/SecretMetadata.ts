// Original file: proto/orch/admin/v1/secret.proto

import type { _orch_admin_v1_SecretSpec_Type, _orch_admin_v1_SecretSpec_Type__Output } from '../../../orch/admin/v1/SecretSpec.js';
import type { Long } from '@grpc/proto-loader';

/**
 * What the server tells about a secret: never its value.
 */
export interface SecretMetadata {
  /**
   * Milliseconds since the epoch.
   */
  'created_at_ms'?: (number | string | Long);
  /**
   * Milliseconds since the epoch.
   */
  'updated_at_ms'?: (number | string | Long);
  /**
   * The kind of the secret.
   */
  'type'?: (_orch_admin_v1_SecretSpec_Type);
  /**
   * The subject that last wrote it.
   */
  'updated_by'?: (string);
}

/**
 * What the server tells about a secret: never its value.
 */
export interface SecretMetadata__Output {
  /**
   * Milliseconds since the epoch.
   */
  'created_at_ms': (string);
  /**
   * Milliseconds since the epoch.
   */
  'updated_at_ms': (string);
  /**
   * The kind of the secret.
   */
  'type': (_orch_admin_v1_SecretSpec_Type__Output);
  /**
   * The subject that last wrote it.
   */
  'updated_by': (string);
}
