// Original file: proto/orch/admin/v1/execution.proto

import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';

/**
 * A node's data.
 */
export interface NodeExecutionGetDataResponse {
  /**
   * The inputs the node's task ran with.
   */
  'inputs'?: (_orch_core_v1_LiteralMap | null);
  /**
   * The task's outputs; empty unless the node SUCCEEDED.
   */
  'outputs'?: (_orch_core_v1_LiteralMap | null);
}

/**
 * A node's data.
 */
export interface NodeExecutionGetDataResponse__Output {
  /**
   * The inputs the node's task ran with.
   */
  'inputs': (_orch_core_v1_LiteralMap__Output | null);
  /**
   * The task's outputs; empty unless the node SUCCEEDED.
   */
  'outputs': (_orch_core_v1_LiteralMap__Output | null);
}
