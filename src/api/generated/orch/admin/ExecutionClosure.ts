// Original file: proto/orch/admin/execution.proto

import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from '../../orch/core/ExecutionError.js';
import type { _orch_core_WorkflowExecution_Phase, _orch_core_WorkflowExecution_Phase__Output } from '../../orch/core/WorkflowExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';
import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';

export interface ExecutionClosure {
  'outputs'?: (_orch_core_LiteralMap | null);
  'error'?: (_orch_core_ExecutionError | null);
  'phase'?: (_orch_core_WorkflowExecution_Phase);
  'started_at'?: (_google_protobuf_Timestamp | null);
  'duration'?: (_google_protobuf_Duration | null);
  'created_at'?: (_google_protobuf_Timestamp | null);
  'updated_at'?: (_google_protobuf_Timestamp | null);
  'workflow_id'?: (_orch_core_Identifier | null);
  'output_result'?: "outputs"|"error";
}

export interface ExecutionClosure__Output {
  'outputs'?: (_orch_core_LiteralMap__Output | null);
  'error'?: (_orch_core_ExecutionError__Output | null);
  'phase': (_orch_core_WorkflowExecution_Phase__Output);
  'started_at': (_google_protobuf_Timestamp__Output | null);
  'duration': (_google_protobuf_Duration__Output | null);
  'created_at': (_google_protobuf_Timestamp__Output | null);
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  'workflow_id': (_orch_core_Identifier__Output | null);
  'output_result'?: "outputs"|"error";
}
