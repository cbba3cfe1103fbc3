// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

export interface ExecutionTerminateRequest {
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
  'cause'?: (string);
}

export interface ExecutionTerminateRequest__Output {
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
  'cause': (string);
}
