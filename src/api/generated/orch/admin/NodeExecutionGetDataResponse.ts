// Original file: proto/orch/admin/execution.proto

import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

export interface NodeExecutionGetDataResponse {
  'inputs'?: (_orch_core_LiteralMap | null);
  'outputs'?: (_orch_core_LiteralMap | null);
}

export interface NodeExecutionGetDataResponse__Output {
  'inputs': (_orch_core_LiteralMap__Output | null);
  'outputs': (_orch_core_LiteralMap__Output | null);
}
