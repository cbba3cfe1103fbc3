// Original file: proto/orch/core/v1/interface.proto

import type { Variable as _orch_core_v1_Variable, Variable__Output as _orch_core_v1_Variable__Output } from '../../../orch/core/v1/Variable.js';

/**
 * Variables by name.
 */
export interface VariableMap {
  /**
   * The variables, by name.
   */
  'variables'?: ({[key: string]: _orch_core_v1_Variable});
}

/**
 * Variables by name.
 */
export interface VariableMap__Output {
  /**
   * The variables, by name.
   */
  'variables': ({[key: string]: _orch_core_v1_Variable__Output});
}
