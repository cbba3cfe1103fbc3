// Original file: proto/orch/admin/execution.proto

import type { _orch_core_NodeExecution_Phase, _orch_core_NodeExecution_Phase__Output } from '../../orch/core/NodeExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from '../../orch/core/ExecutionError.js';

export interface TaskAttempt {
  'attempt'?: (number);
  'phase'?: (_orch_core_NodeExecution_Phase);
  'started_at'?: (_google_protobuf_Timestamp | null);
  'duration'?: (_google_protobuf_Duration | null);
  'error'?: (_orch_core_ExecutionError | null);
  'replica'?: (string);
}

export interface TaskAttempt__Output {
  'attempt': (number);
  'phase': (_orch_core_NodeExecution_Phase__Output);
  'started_at': (_google_protobuf_Timestamp__Output | null);
  'duration': (_google_protobuf_Duration__Output | null);
  'error': (_orch_core_ExecutionError__Output | null);
  'replica': (string);
}
