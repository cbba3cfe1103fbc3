// Original file: proto/orch/core/v1/literals.proto

import type { BindingData as _orch_core_v1_BindingData, BindingData__Output as _orch_core_v1_BindingData__Output } from '../../../orch/core/v1/BindingData.js';

/**
 * A list of bindings.
 */
export interface BindingDataCollection {
  /**
   * The bindings, in order.
   */
  'bindings'?: (_orch_core_v1_BindingData)[];
}

/**
 * A list of bindings.
 */
export interface BindingDataCollection__Output {
  /**
   * The bindings, in order.
   */
  'bindings': (_orch_core_v1_BindingData__Output)[];
}
