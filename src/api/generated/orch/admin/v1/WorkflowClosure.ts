// Original file: proto/orch/admin/v1/workflow.proto

import type { CompiledWorkflowClosure as _orch_core_v1_CompiledWorkflowClosure, CompiledWorkflowClosure__Output as _orch_core_v1_CompiledWorkflowClosure__Output } from '../../../orch/core/v1/CompiledWorkflowClosure.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';

/**
 * What the server made of a registered workflow.
 */
export interface WorkflowClosure {
  /**
   * The workflow compiled against its task versions.
   */
  'compiled_workflow'?: (_orch_core_v1_CompiledWorkflowClosure | null);
  /**
   * When the version was registered.
   */
  'created_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Who registered this version (the authenticated principal of CreateWorkflow); empty when anonymous.
   */
  'registered_by'?: (string);
}

/**
 * What the server made of a registered workflow.
 */
export interface WorkflowClosure__Output {
  /**
   * The workflow compiled against its task versions.
   */
  'compiled_workflow': (_orch_core_v1_CompiledWorkflowClosure__Output | null);
  /**
   * When the version was registered.
   */
  'created_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Who registered this version (the authenticated principal of CreateWorkflow); empty when anonymous.
   */
  'registered_by': (string);
}
