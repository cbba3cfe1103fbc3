// Original file: proto/orch/admin/v1/execution.proto

import type { _orch_core_v1_NodeExecution_Phase, _orch_core_v1_NodeExecution_Phase__Output } from '../../../orch/core/v1/NodeExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';
import type { ExecutionError as _orch_core_v1_ExecutionError, ExecutionError__Output as _orch_core_v1_ExecutionError__Output } from '../../../orch/core/v1/ExecutionError.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';
import type { TaskAttempt as _orch_admin_v1_TaskAttempt, TaskAttempt__Output as _orch_admin_v1_TaskAttempt__Output } from '../../../orch/admin/v1/TaskAttempt.js';
import type { CacheStatus as _orch_admin_v1_CacheStatus, CacheStatus__Output as _orch_admin_v1_CacheStatus__Output } from '../../../orch/admin/v1/CacheStatus.js';

/**
 * Where a node stands.
 */
export interface NodeExecutionClosure {
  /**
   * The node's current phase.
   */
  'phase'?: (_orch_core_v1_NodeExecution_Phase);
  /**
   * When it started RUNNING; unset before.
   */
  'started_at'?: (_google_protobuf_Timestamp | null);
  /**
   * When its phase last changed.
   */
  'updated_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Why it FAILED, was ABORTED or TIMED_OUT; unset otherwise.
   */
  'error'?: (_orch_core_v1_ExecutionError | null);
  /**
   * Attempts made so far (1 + retries used).
   */
  'attempts'?: (number);
  /**
   * From the node's start to its terminal phase (absent while it runs).
   */
  'duration'?: (_google_protobuf_Duration | null);
  /**
   * One record per attempt of the node's task, oldest first.
   */
  'task_attempts'?: (_orch_admin_v1_TaskAttempt)[];
  /**
   * How the task output cache served the node (CACHE_DISABLED for a task without `cache`).
   */
  'cache_status'?: (_orch_admin_v1_CacheStatus);
}

/**
 * Where a node stands.
 */
export interface NodeExecutionClosure__Output {
  /**
   * The node's current phase.
   */
  'phase': (_orch_core_v1_NodeExecution_Phase__Output);
  /**
   * When it started RUNNING; unset before.
   */
  'started_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * When its phase last changed.
   */
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Why it FAILED, was ABORTED or TIMED_OUT; unset otherwise.
   */
  'error': (_orch_core_v1_ExecutionError__Output | null);
  /**
   * Attempts made so far (1 + retries used).
   */
  'attempts': (number);
  /**
   * From the node's start to its terminal phase (absent while it runs).
   */
  'duration': (_google_protobuf_Duration__Output | null);
  /**
   * One record per attempt of the node's task, oldest first.
   */
  'task_attempts': (_orch_admin_v1_TaskAttempt__Output)[];
  /**
   * How the task output cache served the node (CACHE_DISABLED for a task without `cache`).
   */
  'cache_status': (_orch_admin_v1_CacheStatus__Output);
}
