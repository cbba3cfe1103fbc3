// Original file: proto/orch/admin/v1/execution.proto

import type { _orch_core_v1_NodeExecution_Phase, _orch_core_v1_NodeExecution_Phase__Output } from '../../../orch/core/v1/NodeExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';
import type { ExecutionError as _orch_core_v1_ExecutionError, ExecutionError__Output as _orch_core_v1_ExecutionError__Output } from '../../../orch/core/v1/ExecutionError.js';

/**
 * One run of a node's task process: attempt 1 is the first run, 2 the first retry.
 */
export interface TaskAttempt {
  /**
   * The attempt's number, from 1.
   */
  'attempt'?: (number);
  /**
   * The attempt's phase.
   */
  'phase'?: (_orch_core_v1_NodeExecution_Phase);
  /**
   * When the process started.
   */
  'started_at'?: (_google_protobuf_Timestamp | null);
  /**
   * From start to exit (absent while it runs).
   */
  'duration'?: (_google_protobuf_Duration | null);
  /**
   * Why the attempt failed; unset otherwise.
   */
  'error'?: (_orch_core_v1_ExecutionError | null);
  /**
   * The admin replica that ran it (its id among the replicas, `<host>/<pid>/<random>`); empty when
   * not recorded. An attempt whose admin stopped or died before it ended is FAILED with the error
   * code `Interrupted`, and the next run of the task is a new attempt.
   */
  'replica'?: (string);
}

/**
 * One run of a node's task process: attempt 1 is the first run, 2 the first retry.
 */
export interface TaskAttempt__Output {
  /**
   * The attempt's number, from 1.
   */
  'attempt': (number);
  /**
   * The attempt's phase.
   */
  'phase': (_orch_core_v1_NodeExecution_Phase__Output);
  /**
   * When the process started.
   */
  'started_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * From start to exit (absent while it runs).
   */
  'duration': (_google_protobuf_Duration__Output | null);
  /**
   * Why the attempt failed; unset otherwise.
   */
  'error': (_orch_core_v1_ExecutionError__Output | null);
  /**
   * The admin replica that ran it (its id among the replicas, `<host>/<pid>/<random>`); empty when
   * not recorded. An attempt whose admin stopped or died before it ended is FAILED with the error
   * code `Interrupted`, and the next run of the task is a new attempt.
   */
  'replica': (string);
}
