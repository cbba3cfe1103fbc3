// Original file: proto/orch/admin/task.proto

import type { Task as _orch_admin_Task, Task__Output as _orch_admin_Task__Output } from '../../orch/admin/Task.js';

export interface TaskList {
  'tasks'?: (_orch_admin_Task)[];
  'token'?: (string);
}

export interface TaskList__Output {
  'tasks': (_orch_admin_Task__Output)[];
  'token': (string);
}
