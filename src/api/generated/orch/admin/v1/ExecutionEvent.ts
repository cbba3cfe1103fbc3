// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';
import type { _orch_core_v1_WorkflowExecution_Phase, _orch_core_v1_WorkflowExecution_Phase__Output } from '../../../orch/core/v1/WorkflowExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';
import type { _orch_core_v1_NodeExecution_Phase, _orch_core_v1_NodeExecution_Phase__Output } from '../../../orch/core/v1/NodeExecution.js';
import type { ExecutionError as _orch_core_v1_ExecutionError, ExecutionError__Output as _orch_core_v1_ExecutionError__Output } from '../../../orch/core/v1/ExecutionError.js';
import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';

/**
 * A status update of a watched execution. The first event carries the phase at the time of the
 * call; then one event per phase change of the execution or of one of its nodes, and a repeat of the
 * current phase when nothing changed for --server.watchService.nonTerminalStatusUpdatesInterval.
 * The stream ends after the event carrying a terminal phase.
 */
export interface ExecutionEvent {
  /**
   * The execution.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
  /**
   * The execution's phase after this event.
   */
  'phase'?: (_orch_core_v1_WorkflowExecution_Phase);
  /**
   * When the change happened.
   */
  'occurred_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Set when the event is about a node: its id (and node_phase its new phase).
   */
  'node_id'?: (string);
  /**
   * The node's new phase, when node_id is set.
   */
  'node_phase'?: (_orch_core_v1_NodeExecution_Phase);
  /**
   * The execution's (or the node's) error, once it failed.
   */
  'error'?: (_orch_core_v1_ExecutionError | null);
  /**
   * The execution's outputs, on the SUCCEEDED event.
   */
  'outputs'?: (_orch_core_v1_LiteralMap | null);
}

/**
 * A status update of a watched execution. The first event carries the phase at the time of the
 * call; then one event per phase change of the execution or of one of its nodes, and a repeat of the
 * current phase when nothing changed for --server.watchService.nonTerminalStatusUpdatesInterval.
 * The stream ends after the event carrying a terminal phase.
 */
export interface ExecutionEvent__Output {
  /**
   * The execution.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
  /**
   * The execution's phase after this event.
   */
  'phase': (_orch_core_v1_WorkflowExecution_Phase__Output);
  /**
   * When the change happened.
   */
  'occurred_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Set when the event is about a node: its id (and node_phase its new phase).
   */
  'node_id': (string);
  /**
   * The node's new phase, when node_id is set.
   */
  'node_phase': (_orch_core_v1_NodeExecution_Phase__Output);
  /**
   * The execution's (or the node's) error, once it failed.
   */
  'error': (_orch_core_v1_ExecutionError__Output | null);
  /**
   * The execution's outputs, on the SUCCEEDED event.
   */
  'outputs': (_orch_core_v1_LiteralMap__Output | null);
}
