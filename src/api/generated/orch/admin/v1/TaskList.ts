// Original file: proto/orch/admin/v1/task.proto

import type { Task as _orch_admin_v1_Task, Task__Output as _orch_admin_v1_Task__Output } from '../../../orch/admin/v1/Task.js';

/**
 * A page of task versions.
 */
export interface TaskList {
  /**
   * The versions of this page.
   */
  'tasks'?: (_orch_admin_v1_Task)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of task versions.
 */
export interface TaskList__Output {
  /**
   * The versions of this page.
   */
  'tasks': (_orch_admin_v1_Task__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
