// Original file: proto/orch/core/v1/interface.proto

import type { VariableMap as _orch_core_v1_VariableMap, VariableMap__Output as _orch_core_v1_VariableMap__Output } from '../../../orch/core/v1/VariableMap.js';

/**
 * The named, typed inputs and outputs of a task or workflow.
 */
export interface TypedInterface {
  /**
   * The inputs.
   */
  'inputs'?: (_orch_core_v1_VariableMap | null);
  /**
   * The outputs.
   */
  'outputs'?: (_orch_core_v1_VariableMap | null);
}

/**
 * The named, typed inputs and outputs of a task or workflow.
 */
export interface TypedInterface__Output {
  /**
   * The inputs.
   */
  'inputs': (_orch_core_v1_VariableMap__Output | null);
  /**
   * The outputs.
   */
  'outputs': (_orch_core_v1_VariableMap__Output | null);
}
