// Original file: proto/orch/core/v1/literals.proto

import type { Literal as _orch_core_v1_Literal, Literal__Output as _orch_core_v1_Literal__Output } from '../../../orch/core/v1/Literal.js';

/**
 * A list of values.
 */
export interface LiteralCollection {
  /**
   * The values, in order.
   */
  'literals'?: (_orch_core_v1_Literal)[];
}

/**
 * A list of values.
 */
export interface LiteralCollection__Output {
  /**
   * The values, in order.
   */
  'literals': (_orch_core_v1_Literal__Output)[];
}
