// Original file: proto/orch/admin/v1/execution.proto

import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';

/**
 * An execution's data.
 */
export interface WorkflowExecutionGetDataResponse {
  /**
   * Every input the workflow ran with (given, defaulted and fixed).
   */
  'full_inputs'?: (_orch_core_v1_LiteralMap | null);
  /**
   * The workflow's outputs; empty unless it SUCCEEDED.
   */
  'full_outputs'?: (_orch_core_v1_LiteralMap | null);
}

/**
 * An execution's data.
 */
export interface WorkflowExecutionGetDataResponse__Output {
  /**
   * Every input the workflow ran with (given, defaulted and fixed).
   */
  'full_inputs': (_orch_core_v1_LiteralMap__Output | null);
  /**
   * The workflow's outputs; empty unless it SUCCEEDED.
   */
  'full_outputs': (_orch_core_v1_LiteralMap__Output | null);
}
