// Original file: proto/orch/admin/v1/workflow.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { WorkflowSpec as _orch_admin_v1_WorkflowSpec, WorkflowSpec__Output as _orch_admin_v1_WorkflowSpec__Output } from '../../../orch/admin/v1/WorkflowSpec.js';

/**
 * CreateWorkflow (contributor): ALREADY_EXISTS for the same spec again, INVALID_ARGUMENT when it does
 * not compile or differs from an existing version, NOT_FOUND for an unknown project.
 */
export interface WorkflowCreateRequest {
  /**
   * The version to create: resource type WORKFLOW, project, domain, name and version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * The workflow.
   */
  'spec'?: (_orch_admin_v1_WorkflowSpec | null);
}

/**
 * CreateWorkflow (contributor): ALREADY_EXISTS for the same spec again, INVALID_ARGUMENT when it does
 * not compile or differs from an existing version, NOT_FOUND for an unknown project.
 */
export interface WorkflowCreateRequest__Output {
  /**
   * The version to create: resource type WORKFLOW, project, domain, name and version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The workflow.
   */
  'spec': (_orch_admin_v1_WorkflowSpec__Output | null);
}
