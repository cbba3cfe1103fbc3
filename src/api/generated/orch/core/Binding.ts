// Original file: proto/orch/core/literals.proto

import type { BindingData as _orch_core_BindingData, BindingData__Output as _orch_core_BindingData__Output } from '../../orch/core/BindingData.js';

export interface Binding {
  'var'?: (string);
  'binding'?: (_orch_core_BindingData | null);
}

export interface Binding__Output {
  'var': (string);
  'binding': (_orch_core_BindingData__Output | null);
}
