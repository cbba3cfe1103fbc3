// Original file: proto/orch/core/v1/workflow.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';

/**
 * A node that runs a task.
 */
export interface TaskNode {
  /**
   * The task version it runs.
   */
  'reference_id'?: (_orch_core_v1_Identifier | null);
}

/**
 * A node that runs a task.
 */
export interface TaskNode__Output {
  /**
   * The task version it runs.
   */
  'reference_id': (_orch_core_v1_Identifier__Output | null);
}
