// Original file: proto/orch/core/identifier.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

export interface NodeExecutionIdentifier {
  'node_id'?: (string);
  'execution_id'?: (_orch_core_WorkflowExecutionIdentifier | null);
}

export interface NodeExecutionIdentifier__Output {
  'node_id': (string);
  'execution_id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
}
