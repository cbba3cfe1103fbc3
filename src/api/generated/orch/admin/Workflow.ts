// Original file: proto/orch/admin/workflow.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { WorkflowClosure as _orch_admin_WorkflowClosure, WorkflowClosure__Output as _orch_admin_WorkflowClosure__Output } from '../../orch/admin/WorkflowClosure.js';

/**
 * One workflow version.
 */
export interface Workflow {
  /**
   * The version.
   */
  'id'?: (_orch_core_Identifier | null);
  /**
   * What the server stored for it.
   */
  'closure'?: (_orch_admin_WorkflowClosure | null);
}

/**
 * One workflow version.
 */
export interface Workflow__Output {
  /**
   * The version.
   */
  'id': (_orch_core_Identifier__Output | null);
  /**
   * What the server stored for it.
   */
  'closure': (_orch_admin_WorkflowClosure__Output | null);
}
