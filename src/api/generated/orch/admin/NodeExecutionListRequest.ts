// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

export interface NodeExecutionListRequest {
  'workflow_execution_id'?: (_orch_core_WorkflowExecutionIdentifier | null);
  'limit'?: (number);
  'token'?: (string);
  'filters'?: (string);
}

export interface NodeExecutionListRequest__Output {
  'workflow_execution_id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
  'limit': (number);
  'token': (string);
  'filters': (string);
}
