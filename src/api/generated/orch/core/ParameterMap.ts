// Original file: proto/orch/core/interface.proto

import type { Parameter as _orch_core_Parameter, Parameter__Output as _orch_core_Parameter__Output } from '../../orch/core/Parameter.js';

/**
 * Launch plan inputs by name.
 */
export interface ParameterMap {
  /**
   * The inputs, by name.
   */
  'parameters'?: ({[key: string]: _orch_core_Parameter});
}

/**
 * Launch plan inputs by name.
 */
export interface ParameterMap__Output {
  /**
   * The inputs, by name.
   */
  'parameters': ({[key: string]: _orch_core_Parameter__Output});
}
