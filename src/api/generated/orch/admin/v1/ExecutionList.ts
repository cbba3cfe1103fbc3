// Original file: proto/orch/admin/v1/execution.proto

import type { Execution as _orch_admin_v1_Execution, Execution__Output as _orch_admin_v1_Execution__Output } from '../../../orch/admin/v1/Execution.js';

/**
 * A page of executions.
 */
export interface ExecutionList {
  /**
   * The executions of this page.
   */
  'executions'?: (_orch_admin_v1_Execution)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of executions.
 */
export interface ExecutionList__Output {
  /**
   * The executions of this page.
   */
  'executions': (_orch_admin_v1_Execution__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
