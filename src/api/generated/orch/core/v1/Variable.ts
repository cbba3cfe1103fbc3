// Original file: proto/orch/core/v1/interface.proto

import type { LiteralType as _orch_core_v1_LiteralType, LiteralType__Output as _orch_core_v1_LiteralType__Output } from '../../../orch/core/v1/LiteralType.js';

/**
 * A named input or output: its type and description.
 */
export interface Variable {
  /**
   * Its type.
   */
  'type'?: (_orch_core_v1_LiteralType | null);
  /**
   * What it is, for people.
   */
  'description'?: (string);
}

/**
 * A named input or output: its type and description.
 */
export interface Variable__Output {
  /**
   * Its type.
   */
  'type': (_orch_core_v1_LiteralType__Output | null);
  /**
   * What it is, for people.
   */
  'description': (string);
}
