// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';
import type { _orch_core_WorkflowExecution_Phase, _orch_core_WorkflowExecution_Phase__Output } from '../../orch/core/WorkflowExecution.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';
import type { _orch_core_NodeExecution_Phase, _orch_core_NodeExecution_Phase__Output } from '../../orch/core/NodeExecution.js';
import type { ExecutionError as _orch_core_ExecutionError, ExecutionError__Output as _orch_core_ExecutionError__Output } from '../../orch/core/ExecutionError.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

export interface ExecutionEvent {
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
  'phase'?: (_orch_core_WorkflowExecution_Phase);
  'occurred_at'?: (_google_protobuf_Timestamp | null);
  'node_id'?: (string);
  'node_phase'?: (_orch_core_NodeExecution_Phase);
  'error'?: (_orch_core_ExecutionError | null);
  'outputs'?: (_orch_core_LiteralMap | null);
}

export interface ExecutionEvent__Output {
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
  'phase': (_orch_core_WorkflowExecution_Phase__Output);
  'occurred_at': (_google_protobuf_Timestamp__Output | null);
  'node_id': (string);
  'node_phase': (_orch_core_NodeExecution_Phase__Output);
  'error': (_orch_core_ExecutionError__Output | null);
  'outputs': (_orch_core_LiteralMap__Output | null);
}
