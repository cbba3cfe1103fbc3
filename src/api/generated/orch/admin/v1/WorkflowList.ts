// Original file: proto/orch/admin/v1/workflow.proto

import type { Workflow as _orch_admin_v1_Workflow, Workflow__Output as _orch_admin_v1_Workflow__Output } from '../../../orch/admin/v1/Workflow.js';

/**
 * A page of workflow versions.
 */
export interface WorkflowList {
  /**
   * The versions of this page.
   */
  'workflows'?: (_orch_admin_v1_Workflow)[];
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
  'workflows': (_orch_admin_v1_Workflow__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
