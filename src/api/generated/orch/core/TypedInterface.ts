// Original file: proto/orch/core/interface.proto

import type { VariableMap as _orch_core_VariableMap, VariableMap__Output as _orch_core_VariableMap__Output } from '../../orch/core/VariableMap.js';

export interface TypedInterface {
  'inputs'?: (_orch_core_VariableMap | null);
  'outputs'?: (_orch_core_VariableMap | null);
}

export interface TypedInterface__Output {
  'inputs': (_orch_core_VariableMap__Output | null);
  'outputs': (_orch_core_VariableMap__Output | null);
}
