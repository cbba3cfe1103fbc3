// Original file: proto/orch/core/v1/interface.proto

import type { Parameter as _orch_core_v1_Parameter, Parameter__Output as _orch_core_v1_Parameter__Output } from '../../../orch/core/v1/Parameter.js';

/**
 * Launch plan inputs by name.
 */
export interface ParameterMap {
  /**
   * The inputs, by name.
   */
  'parameters'?: ({[key: string]: _orch_core_v1_Parameter});
}

/**
 * Launch plan inputs by name.
 */
export interface ParameterMap__Output {
  /**
   * The inputs, by name.
   */
  'parameters': ({[key: string]: _orch_core_v1_Parameter__Output});
}
