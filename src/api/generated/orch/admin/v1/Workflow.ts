// Original file: proto/orch/admin/v1/workflow.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { WorkflowClosure as _orch_admin_v1_WorkflowClosure, WorkflowClosure__Output as _orch_admin_v1_WorkflowClosure__Output } from '../../../orch/admin/v1/WorkflowClosure.js';

/**
 * One workflow version.
 */
export interface Workflow {
  /**
   * The version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * What the server stored for it.
   */
  'closure'?: (_orch_admin_v1_WorkflowClosure | null);
}

/**
 * One workflow version.
 */
export interface Workflow__Output {
  /**
   * The version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * What the server stored for it.
   */
  'closure': (_orch_admin_v1_WorkflowClosure__Output | null);
}
