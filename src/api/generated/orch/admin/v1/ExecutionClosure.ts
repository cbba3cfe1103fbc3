// Original file: proto/orch/admin/v1/execution.proto

import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';
import type { ExecutionError as _orch_core_v1_ExecutionError, ExecutionError__Output as _orch_core_v1_ExecutionError__Output } from '../../../orch/core/v1/ExecutionError.js';
import type { _orch_core_v1_WorkflowExecution_Phase, _orch_core_v1_WorkflowExecution_Phase__Output } from '../../../orch/core/v1/WorkflowExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';
import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';

/**
 * Where an execution stands.
 */
export interface ExecutionClosure {
  /**
   * The workflow's outputs, when it SUCCEEDED.
   */
  'outputs'?: (_orch_core_v1_LiteralMap | null);
  /**
   * Why it FAILED, was ABORTED or TIMED_OUT.
   */
  'error'?: (_orch_core_v1_ExecutionError | null);
  /**
   * The current phase.
   */
  'phase'?: (_orch_core_v1_WorkflowExecution_Phase);
  /**
   * When it started RUNNING; unset before.
   */
  'started_at'?: (_google_protobuf_Timestamp | null);
  /**
   * From started_at to the terminal phase; unset while it runs.
   */
  'duration'?: (_google_protobuf_Duration | null);
  /**
   * When it was created.
   */
  'created_at'?: (_google_protobuf_Timestamp | null);
  /**
   * When its phase last changed.
   */
  'updated_at'?: (_google_protobuf_Timestamp | null);
  /**
   * The workflow version it runs.
   */
  'workflow_id'?: (_orch_core_v1_Identifier | null);
  /**
   * The result, once the execution ended.
   */
  'output_result'?: "outputs"|"error";
}

/**
 * Where an execution stands.
 */
export interface ExecutionClosure__Output {
  /**
   * The workflow's outputs, when it SUCCEEDED.
   */
  'outputs'?: (_orch_core_v1_LiteralMap__Output | null);
  /**
   * Why it FAILED, was ABORTED or TIMED_OUT.
   */
  'error'?: (_orch_core_v1_ExecutionError__Output | null);
  /**
   * The current phase.
   */
  'phase': (_orch_core_v1_WorkflowExecution_Phase__Output);
  /**
   * When it started RUNNING; unset before.
   */
  'started_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * From started_at to the terminal phase; unset while it runs.
   */
  'duration': (_google_protobuf_Duration__Output | null);
  /**
   * When it was created.
   */
  'created_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * When its phase last changed.
   */
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * The workflow version it runs.
   */
  'workflow_id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The result, once the execution ended.
   */
  'output_result'?: "outputs"|"error";
}
