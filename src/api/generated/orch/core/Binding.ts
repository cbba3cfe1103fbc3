// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

/**
 * The value of one named input or output.
 */
export interface Binding {
  /**
   * The input's or output's name.
   */
  'var'?: (string);
  /**
   * Where its value comes from.
   */
  'binding'?: (_orch_core_BindingData | null);
}

/**
 * The value of one named input or output.
 */
export interface Binding__Output {
  /**
   * The input's or output's name.
   */
  'var': (string);
  /**
   * Where its value comes from.
   */
  'binding': (_orch_core_BindingData__Output | null);
}
