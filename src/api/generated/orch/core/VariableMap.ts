// Original file: proto/orch/core/interface.proto

import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from '../../orch/core/Variable.js';

export interface VariableMap {
  'variables'?: ({[key: string]: _orch_core_Variable});
}

export interface VariableMap__Output {
  'variables': ({[key: string]: _orch_core_Variable__Output});
}
