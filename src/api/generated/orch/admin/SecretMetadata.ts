// Original file: proto/orch/admin/secret.proto

import type { _orch_admin_SecretSpec_Type, _orch_admin_SecretSpec_Type__Output } from '../../orch/admin/SecretSpec.js';
import type { Long } from '@grpc/proto-loader';

export interface SecretMetadata {
  'created_at_ms'?: (number | string | Long);
  'updated_at_ms'?: (number | string | Long);
  'type'?: (_orch_admin_SecretSpec_Type);
  'updated_by'?: (string);
}

export interface SecretMetadata__Output {
  'created_at_ms': (string);
  'updated_at_ms': (string);
  'type': (_orch_admin_SecretSpec_Type__Output);
  'updated_by': (string);
}
