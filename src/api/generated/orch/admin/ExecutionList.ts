// Original file: proto/orch/admin/execution.proto

import type { Execution as _orch_admin_Execution, Execution__Output as _orch_admin_Execution__Output } from '../../orch/admin/Execution.js';

/**
 * A page of executions.
 */
export interface ExecutionList {
  /**
   * The executions of this page.
   */
  'executions'?: (_orch_admin_Execution)[];
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
  'executions': (_orch_admin_Execution__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
