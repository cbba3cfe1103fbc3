// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

export interface BindingDataCollection {
  'bindings'?: (_orch_core_BindingData)[];
}

export interface BindingDataCollection__Output {
  'bindings': (_orch_core_BindingData__Output)[];
}
