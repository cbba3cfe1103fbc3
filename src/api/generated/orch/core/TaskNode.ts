// Original file: proto/orch/core/workflow.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';

export interface TaskNode {
  'reference_id'?: (_orch_core_Identifier | null);
}

export interface TaskNode__Output {
  'reference_id': (_orch_core_Identifier__Output | null);
}
