// Original file: proto/orch/core/interface.proto

import type { Variable as _orch_core_Variable, Variable__Output as _orch_core_Variable__Output } from '../../orch/core/Variable.js';
import type { Literal as _orch_core_Literal, Literal__Output as _orch_core_Literal__Output } from '../../orch/core/Literal.js';

/**
 * A launch plan input: its variable and either a default value or the fact that it is required.
 */
export interface Parameter {
  /**
   * The input's type and description.
   */
  'var'?: (_orch_core_Variable | null);
  /**
   * The value used when a launch leaves the input out.
   */
  'default'?: (_orch_core_Literal | null);
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
  'var': (_orch_core_Variable__Output | null);
  /**
   * The value used when a launch leaves the input out.
   */
  'default'?: (_orch_core_Literal__Output | null);
  /**
   * Whether a launch must give the input (false for an optional input without default).
   */
  'required'?: (boolean);
  /**
   * Whether the input may be left out.
   */
  'behavior'?: "default"|"required";
}
