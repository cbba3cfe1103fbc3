// Original file: proto/orch/core/interface.proto

import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from '../../orch/core/Variable.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from '../../orch/core/Literal.js';

export interface Parameter {
  'var'?: (_orch_core_Variable | null);
  'default'?: (_orch_core_Literal | null);
  'required'?: (boolean);
  'behavior'?: "default"|"required";
}

export interface Parameter__Output {
  'var': (_orch_core_Variable__Output | null);
  'default'?: (_orch_core_Literal__Output | null);
  'required'?: (boolean);
  'behavior'?: "default"|"required";
}
