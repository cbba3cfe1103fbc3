// Original file: proto/orch/core/v1/literals.proto

import type { Scalar as _orch_core_v1_Scalar, Scalar__Output as _orch_core_v1_Scalar__Output } from '../../../orch/core/v1/Scalar.js';
import type { LiteralCollection as _orch_core_v1_LiteralCollection, LiteralCollection__Output as _orch_core_v1_LiteralCollection__Output } from '../../../orch/core/v1/LiteralCollection.js';
import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';

/**
 * A value of any type of types.proto.
 */
export interface Literal {
  /**
   * A scalar.
   */
  'scalar'?: (_orch_core_v1_Scalar | null);
  /**
   * A list.
   */
  'collection'?: (_orch_core_v1_LiteralCollection | null);
  /**
   * A map with string keys.
   */
  'map'?: (_orch_core_v1_LiteralMap | null);
  /**
   * The value.
   */
  'value'?: "scalar"|"collection"|"map";
}

/**
 * A value of any type of types.proto.
 */
export interface Literal__Output {
  /**
   * A scalar.
   */
  'scalar'?: (_orch_core_v1_Scalar__Output | null);
  /**
   * A list.
   */
  'collection'?: (_orch_core_v1_LiteralCollection__Output | null);
  /**
   * A map with string keys.
   */
  'map'?: (_orch_core_v1_LiteralMap__Output | null);
  /**
   * The value.
   */
  'value'?: "scalar"|"collection"|"map";
}
