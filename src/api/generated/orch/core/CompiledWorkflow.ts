// Original file: proto/orch/core/compiler.proto

import type { WorkflowTemplate as _orch_core_WorkflowTemplate, WorkflowTemplate__Output as _orch_core_WorkflowTemplate__Output } from '../../orch/core/WorkflowTemplate.js';
import type { ConnectionSet as _orch_core_ConnectionSet, ConnectionSet__Output as _orch_core_ConnectionSet__Output } from '../../orch/core/ConnectionSet.js';

export interface CompiledWorkflow {
  'template'?: (_orch_core_WorkflowTemplate | null);
  'connections'?: (_orch_core_ConnectionSet | null);
}

export interface CompiledWorkflow__Output {
  'template': (_orch_core_WorkflowTemplate__Output | null);
  'connections': (_orch_core_ConnectionSet__Output | null);
}
