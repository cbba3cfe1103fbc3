// Original file: proto/orch/core/literals.proto

import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from '../../orch/core/Literal.js';

/**
 * A list of values.
 */
export interface LiteralCollection {
  /**
   * The values, in order.
   */
  'literals'?: (_orch_core_Literal)[];
}

/**
 * A list of values.
 */
export interface LiteralCollection__Output {
  /**
   * The values, in order.
   */
  'literals': (_orch_core_Literal__Output)[];
}
