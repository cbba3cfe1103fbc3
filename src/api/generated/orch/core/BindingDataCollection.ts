// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

/**
 * A list of bindings.
 */
export interface BindingDataCollection {
  /**
   * The bindings, in order.
   */
  'bindings'?: (_orch_core_BindingData)[];
}

/**
 * A list of bindings.
 */
export interface BindingDataCollection__Output {
  /**
   * The bindings, in order.
   */
  'bindings': (_orch_core_BindingData__Output)[];
}
