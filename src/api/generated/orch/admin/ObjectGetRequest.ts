// Original file: proto/orch/admin/common.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';

export interface ObjectGetRequest {
  'id'?: (_orch_core_Identifier | null);
}

export interface ObjectGetRequest__Output {
  'id': (_orch_core_Identifier__Output | null);
}
