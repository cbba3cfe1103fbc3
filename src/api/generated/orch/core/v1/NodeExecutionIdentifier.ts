// Original file: proto/orch/core/v1/identifier.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';

/**
 * Identifies one node of an execution.
 */
export interface NodeExecutionIdentifier {
  /**
   * The node's id in its workflow (`start-node` and `end-node` are the workflow's inputs and outputs).
   */
  'node_id'?: (string);
  /**
   * The execution.
   */
  'execution_id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
}

/**
 * Identifies one node of an execution.
 */
export interface NodeExecutionIdentifier__Output {
  /**
   * The node's id in its workflow (`start-node` and `end-node` are the workflow's inputs and outputs).
   */
  'node_id': (string);
  /**
   * The execution.
   */
  'execution_id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
}
