// Original file: proto/orch/core/v1/literals.proto

import type { BindingData as _orch_core_v1_BindingData, BindingData__Output as _orch_core_v1_BindingData__Output } from '../../../orch/core/v1/BindingData.js';

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
  'binding'?: (_orch_core_v1_BindingData | null);
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
  'binding': (_orch_core_v1_BindingData__Output | null);
}
