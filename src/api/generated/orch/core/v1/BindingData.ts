// Original file: proto/orch/core/v1/literals.proto

import type { Scalar as _orch_core_v1_Scalar, Scalar__Output as _orch_core_v1_Scalar__Output } from '../../../orch/core/v1/Scalar.js';
import type { BindingDataCollection as _orch_core_v1_BindingDataCollection, BindingDataCollection__Output as _orch_core_v1_BindingDataCollection__Output } from '../../../orch/core/v1/BindingDataCollection.js';
import type { OutputReference as _orch_core_v1_OutputReference, OutputReference__Output as _orch_core_v1_OutputReference__Output } from '../../../orch/core/v1/OutputReference.js';
import type { BindingDataMap as _orch_core_v1_BindingDataMap, BindingDataMap__Output as _orch_core_v1_BindingDataMap__Output } from '../../../orch/core/v1/BindingDataMap.js';

/**
 * Where a node input or workflow output takes its value from.
 */
export interface BindingData {
  /**
   * A constant.
   */
  'scalar'?: (_orch_core_v1_Scalar | null);
  /**
   * A list of bindings.
   */
  'collection'?: (_orch_core_v1_BindingDataCollection | null);
  /**
   * Another node's output (or a workflow input).
   */
  'promise'?: (_orch_core_v1_OutputReference | null);
  /**
   * A map of bindings.
   */
  'map'?: (_orch_core_v1_BindingDataMap | null);
  /**
   * The source.
   */
  'value'?: "scalar"|"collection"|"promise"|"map";
}

/**
 * Where a node input or workflow output takes its value from.
 */
export interface BindingData__Output {
  /**
   * A constant.
   */
  'scalar'?: (_orch_core_v1_Scalar__Output | null);
  /**
   * A list of bindings.
   */
  'collection'?: (_orch_core_v1_BindingDataCollection__Output | null);
  /**
   * Another node's output (or a workflow input).
   */
  'promise'?: (_orch_core_v1_OutputReference__Output | null);
  /**
   * A map of bindings.
   */
  'map'?: (_orch_core_v1_BindingDataMap__Output | null);
  /**
   * The source.
   */
  'value'?: "scalar"|"collection"|"promise"|"map";
}
