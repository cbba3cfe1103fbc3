// Original file: proto/orch/core/v1/interface.proto

import type { Variable as _orch_core_v1_Variable, Variable__Output as _orch_core_v1_Variable__Output } from '../../../orch/core/v1/Variable.js';
import type { Literal as _orch_core_v1_Literal, Literal__Output as _orch_core_v1_Literal__Output } from '../../../orch/core/v1/Literal.js';

/**
 * A launch plan input: its variable and either a default value or the fact that it is required.
 */
export interface Parameter {
  /**
   * The input's type and description.
   */
  'var'?: (_orch_core_v1_Variable | null);
  /**
   * The value used when a launch leaves the input out.
   */
  'default'?: (_orch_core_v1_Literal | null);
  /**
   * Whether a launch must give the input (false for an optional input without default).
   */
  'required'?: (boolean);
  /**
   * Whether the input may be left out.
   */
  'behavior'?: "default"|"required";
}

/**
 * A launch plan input: its variable and either a default value or the fact that it is required.
 */
export interface Parameter__Output {
  /**
   * The input's type and description.
   */
  'var': (_orch_core_v1_Variable__Output | null);
  /**
   * The value used when a launch leaves the input out.
   */
  'default'?: (_orch_core_v1_Literal__Output | null);
  /**
   * Whether a launch must give the input (false for an optional input without default).
   */
  'required'?: (boolean);
  /**
   * Whether the input may be left out.
   */
  'behavior'?: "default"|"required";
}
