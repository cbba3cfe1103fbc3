// Original file: proto/orch/admin/task.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { TaskClosure as _orch_admin_TaskClosure, TaskClosure__Output as _orch_admin_TaskClosure__Output } from '../../orch/admin/TaskClosure.js';

/**
 * One task version.
 */
export interface Task {
  /**
   * The version.
   */
  'id'?: (_orch_core_Identifier | null);
  /**
   * What the server stored for it.
   */
  'closure'?: (_orch_admin_TaskClosure | null);
}

/**
 * One task version.
 */
export interface Task__Output {
  /**
   * The version.
   */
  'id': (_orch_core_Identifier__Output | null);
  /**
   * What the server stored for it.
   */
  'closure': (_orch_admin_TaskClosure__Output | null);
}
