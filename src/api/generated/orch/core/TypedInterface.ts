// Original file: proto/orch/core/interface.proto

import type { VariableMap as _orch_core_VariableMap, VariableMap__Output as _orch_core_VariableMap__Output } from '../../orch/core/VariableMap.js';

/**
 * The named, typed inputs and outputs of a task or workflow.
 */
export interface TypedInterface {
  /**
   * The inputs.
   */
  'inputs'?: (_orch_core_VariableMap | null);
  /**
   * The outputs.
   */
  'outputs'?: (_orch_core_VariableMap | null);
}

/**
 * The named, typed inputs and outputs of a task or workflow.
 */
export interface TypedInterface__Output {
  /**
   * The inputs.
   */
  'inputs': (_orch_core_VariableMap__Output | null);
  /**
   * The outputs.
   */
  'outputs': (_orch_core_VariableMap__Output | null);
}
