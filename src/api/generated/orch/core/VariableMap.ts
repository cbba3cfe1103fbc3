// Original file: proto/orch/core/interface.proto

import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from '../../orch/core/Variable.js';

/**
 * Variables by name.
 */
export interface VariableMap {
  /**
   * The variables, by name.
   */
  'variables'?: ({[key: string]: _orch_core_Variable});
}

/**
 * Variables by name.
 */
export interface VariableMap__Output {
  /**
   * The variables, by name.
   */
  'variables': ({[key: string]: _orch_core_Variable__Output});
}
