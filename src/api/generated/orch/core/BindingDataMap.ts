// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

/**
 * Bindings by key.
 */
export interface BindingDataMap {
  /**
   * The bindings, by key.
   */
  'bindings'?: ({[key: string]: _orch_core_BindingData});
}

/**
 * Bindings by key.
 */
export interface BindingDataMap__Output {
  /**
   * The bindings, by key.
   */
  'bindings': ({[key: string]: _orch_core_BindingData__Output});
}
