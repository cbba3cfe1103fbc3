// Original file: proto/orch/core/v1/types.proto

import type { SimpleType as _orch_core_v1_SimpleType, SimpleType__Output as _orch_core_v1_SimpleType__Output } from '../../../orch/core/v1/SimpleType.js';
import type { LiteralType as _orch_core_v1_LiteralType, LiteralType__Output as _orch_core_v1_LiteralType__Output } from '../../../orch/core/v1/LiteralType.js';
import type { EnumType as _orch_core_v1_EnumType, EnumType__Output as _orch_core_v1_EnumType__Output } from '../../../orch/core/v1/EnumType.js';

/**
 * The type of a variable: a scalar, a list or a map of another type, or an enum.
 */
export interface LiteralType {
  /**
   * A scalar type.
   */
  'simple'?: (_orch_core_v1_SimpleType);
  /**
   * A list of this type (`[T]`).
   */
  'collection_type'?: (_orch_core_v1_LiteralType | null);
  /**
   * A map from strings to this type (`{string: T}`).
   */
  'map_value_type'?: (_orch_core_v1_LiteralType | null);
  /**
   * One of a closed set of strings (`enum(a,b)`).
   */
  'enum_type'?: (_orch_core_v1_EnumType | null);
  /**
   * When true the value may be absent (written `T?` in workflow files).
   */
  'optional'?: (boolean);
  /**
   * The kind of type.
   */
  'type'?: "simple"|"collection_type"|"map_value_type"|"enum_type";
}

/**
 * The type of a variable: a scalar, a list or a map of another type, or an enum.
 */
export interface LiteralType__Output {
  /**
   * A scalar type.
   */
  'simple'?: (_orch_core_v1_SimpleType__Output);
  /**
   * A list of this type (`[T]`).
   */
  'collection_type'?: (_orch_core_v1_LiteralType__Output | null);
  /**
   * A map from strings to this type (`{string: T}`).
   */
  'map_value_type'?: (_orch_core_v1_LiteralType__Output | null);
  /**
   * One of a closed set of strings (`enum(a,b)`).
   */
  'enum_type'?: (_orch_core_v1_EnumType__Output | null);
  /**
   * When true the value may be absent (written `T?` in workflow files).
   */
  'optional': (boolean);
  /**
   * The kind of type.
   */
  'type'?: "simple"|"collection_type"|"map_value_type"|"enum_type";
}
