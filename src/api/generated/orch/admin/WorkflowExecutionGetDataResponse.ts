// Original file: proto/orch/admin/execution.proto

import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

export interface WorkflowExecutionGetDataResponse {
  'full_inputs'?: (_orch_core_LiteralMap | null);
  'full_outputs'?: (_orch_core_LiteralMap | null);
}

export interface WorkflowExecutionGetDataResponse__Output {
  'full_inputs': (_orch_core_LiteralMap__Output | null);
  'full_outputs': (_orch_core_LiteralMap__Output | null);
}
