// Original file: proto/orch/core/v1/tasks.proto

import type { SecretRequest as _orch_core_v1_SecretRequest, SecretRequest__Output as _orch_core_v1_SecretRequest__Output } from '../../../orch/core/v1/SecretRequest.js';

/**
 * What a task may access.
 */
export interface SecurityContext {
  /**
   * The secrets it gets.
   */
  'secrets'?: (_orch_core_v1_SecretRequest)[];
}

/**
 * What a task may access.
 */
export interface SecurityContext__Output {
  /**
   * The secrets it gets.
   */
  'secrets': (_orch_core_v1_SecretRequest__Output)[];
}
