// Original file: proto/orch/admin/workflow.proto

import type { CompiledWorkflowClosure as _orch_core_CompiledWorkflowClosure, CompiledWorkflowClosure__Output as _orch_core_CompiledWorkflowClosure__Output } from '../../orch/core/CompiledWorkflowClosure.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';

export interface WorkflowClosure {
  'compiled_workflow'?: (_orch_core_CompiledWorkflowClosure | null);
  'created_at'?: (_google_protobuf_Timestamp | null);
  'registered_by'?: (string);
}

export interface WorkflowClosure__Output {
  'compiled_workflow': (_orch_core_CompiledWorkflowClosure__Output | null);
  'created_at': (_google_protobuf_Timestamp__Output | null);
  'registered_by': (string);
}
