// Original file: proto/orch/admin/execution.proto

import type { _orch_core_NodeExecution_Phase, _orch_core_NodeExecution_Phase__Output } from '../../orch/core/NodeExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from '../../orch/core/ExecutionError.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';
import type { TaskAttempt as _orch_admin_TaskAttempt, TaskAttempt__Output as _orch_admin_TaskAttempt__Output } from '../../orch/admin/TaskAttempt.js';
import type { CacheStatus as _orch_admin_CacheStatus, CacheStatus__Output as _orch_admin_CacheStatus__Output } from '../../orch/admin/CacheStatus.js';

export interface NodeExecutionClosure {
  'phase'?: (_orch_core_NodeExecution_Phase);
  'started_at'?: (_google_protobuf_Timestamp | null);
  'updated_at'?: (_google_protobuf_Timestamp | null);
  'error'?: (_orch_core_ExecutionError | null);
  'attempts'?: (number);
  'duration'?: (_google_protobuf_Duration | null);
  'task_attempts'?: (_orch_admin_TaskAttempt)[];
  'cache_status'?: (_orch_admin_CacheStatus);
}

export interface NodeExecutionClosure__Output {
  'phase': (_orch_core_NodeExecution_Phase__Output);
  'started_at': (_google_protobuf_Timestamp__Output | null);
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  'error': (_orch_core_ExecutionError__Output | null);
  'attempts': (number);
  'duration': (_google_protobuf_Duration__Output | null);
  'task_attempts': (_orch_admin_TaskAttempt__Output)[];
  'cache_status': (_orch_admin_CacheStatus__Output);
}
