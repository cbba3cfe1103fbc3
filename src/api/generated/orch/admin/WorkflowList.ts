// Original file: proto/orch/admin/workflow.proto

import type { Workflow as _orch_admin_Workflow, Workflow__Output as _orch_admin_Workflow__Output } from '../../orch/admin/Workflow.js';

/**
 * A page of workflow versions.
 */
export interface WorkflowList {
  /**
   * The versions of this page.
   */
  'workflows'?: (_orch_admin_Workflow)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of workflow versions.
 */
export interface WorkflowList__Output {
  /**
   * The versions of this page.
   */
  'workflows': (_orch_admin_Workflow__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
