// Original file: proto/orch/core/literals.proto

import type { Scalar as _orch_core_Scalar, Scalar__Output as _orch_core_Scalar__Output } from '../../orch/core/Scalar.js';
import type { BindingDataCollection as _orch_core_BindingDataCollection, BindingDataCollection__Output as _orch_core_BindingDataCollection__Output } from '../../orch/core/BindingDataCollection.js';
import type { OutputReference as _orch_core_OutputReference, OutputReference__Output as _orch_core_OutputReference__Output } from '../../orch/core/OutputReference.js';
import type { BindingDataMap as _orch_core_BindingDataMap, BindingDataMap__Output as _orch_core_BindingDataMap__Output } from '../../orch/core/BindingDataMap.js';

export interface BindingData {
  'scalar'?: (_orch_core_Scalar | null);
  'collection'?: (_orch_core_BindingDataCollection | null);
  'promise'?: (_orch_core_OutputReference | null);
  'map'?: (_orch_core_BindingDataMap | null);
  'value'?: "scalar"|"collection"|"promise"|"map";
}

export interface BindingData__Output {
  'scalar'?: (_orch_core_Scalar__Output | null);
  'collection'?: (_orch_core_BindingDataCollection__Output | null);
  'promise'?: (_orch_core_OutputReference__Output | null);
  'map'?: (_orch_core_BindingDataMap__Output | null);
  'value'?: "scalar"|"collection"|"promise"|"map";
}
