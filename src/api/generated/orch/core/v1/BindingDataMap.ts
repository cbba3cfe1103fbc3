// Original file: proto/orch/core/v1/literals.proto

import type { BindingData as _orch_core_v1_BindingData, BindingData__Output as _orch_core_v1_BindingData__Output } from '../../../orch/core/v1/BindingData.js';

/**
 * Bindings by key.
 */
export interface BindingDataMap {
  /**
   * The bindings, by key.
   */
  'bindings'?: ({[key: string]: _orch_core_v1_BindingData});
}

/**
 * Bindings by key.
 */
export interface BindingDataMap__Output {
  /**
   * The bindings, by key.
   */
  'bindings': ({[key: string]: _orch_core_v1_BindingData__Output});
}
