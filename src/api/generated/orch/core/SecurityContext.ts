// Original file: proto/orch/core/tasks.proto

import type { SecretRequest as _orch_core_SecretRequest, SecretRequest__Output as _orch_core_SecretRequest__Output } from '../../orch/core/SecretRequest.js';

export interface SecurityContext {
  'secrets'?: (_orch_core_SecretRequest)[];
}

export interface SecurityContext__Output {
  'secrets': (_orch_core_SecretRequest__Output)[];
}
