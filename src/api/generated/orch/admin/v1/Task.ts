// Original file: proto/orch/admin/v1/task.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { TaskClosure as _orch_admin_v1_TaskClosure, TaskClosure__Output as _orch_admin_v1_TaskClosure__Output } from '../../../orch/admin/v1/TaskClosure.js';

/**
 * One task version.
 */
export interface Task {
  /**
   * The version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * What the server stored for it.
   */
  'closure'?: (_orch_admin_v1_TaskClosure | null);
}

/**
 * One task version.
 */
export interface Task__Output {
  /**
   * The version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * What the server stored for it.
   */
  'closure': (_orch_admin_v1_TaskClosure__Output | null);
}
