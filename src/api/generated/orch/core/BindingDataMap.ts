// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

export interface BindingDataMap {
  'bindings'?: ({[key: string]: _orch_core_BindingData});
}

export interface BindingDataMap__Output {
  'bindings': ({[key: string]: _orch_core_BindingData__Output});
}
