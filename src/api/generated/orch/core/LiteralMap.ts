// Original file: proto/orch/core/literals.proto

import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from '../../orch/core/Literal.js';

/**
 * Values by name (or a map's values by key).
 */
export interface LiteralMap {
  /**
   * The values, by name.
   */
  'literals'?: ({[key: string]: _orch_core_Literal});
}

/**
 * Values by name (or a map's values by key).
 */
export interface LiteralMap__Output {
  /**
   * The values, by name.
   */
  'literals': ({[key: string]: _orch_core_Literal__Output});
}
