// Original file: proto/orch/core/v1/literals.proto

import type { Literal as _orch_core_v1_Literal, Literal__Output as _orch_core_v1_Literal__Output } from '../../../orch/core/v1/Literal.js';

/**
 * Values by name (or a map's values by key).
 */
export interface LiteralMap {
  /**
   * The values, by name.
   */
  'literals'?: ({[key: string]: _orch_core_v1_Literal});
}

/**
 * Values by name (or a map's values by key).
 */
export interface LiteralMap__Output {
  /**
   * The values, by name.
   */
  'literals': ({[key: string]: _orch_core_v1_Literal__Output});
}
