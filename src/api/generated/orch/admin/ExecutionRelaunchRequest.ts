// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

export interface ExecutionRelaunchRequest {
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
  'name'?: (string);
}

export interface ExecutionRelaunchRequest__Output {
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
  'name': (string);
}
