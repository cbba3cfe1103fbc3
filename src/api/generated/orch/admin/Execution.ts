// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';
import type { ExecutionSpec as _orch_admin_ExecutionSpec, ExecutionSpec__Output as _orch_admin_ExecutionSpec__Output } from '../../orch/admin/ExecutionSpec.js';
import type { ExecutionClosure as _orch_admin_ExecutionClosure, ExecutionClosure__Output as _orch_admin_ExecutionClosure__Output } from '../../orch/admin/ExecutionClosure.js';

/**
 * One execution of a launch plan.
 */
export interface Execution {
  /**
   * Its id.
   */
  'id'?: (_orch_core_WorkflowExecutionIdentifier | null);
  /**
   * What was launched, and how.
   */
  'spec'?: (_orch_admin_ExecutionSpec | null);
  /**
   * Where it stands.
   */
  'closure'?: (_orch_admin_ExecutionClosure | null);
}

/**
 * One execution of a launch plan.
 */
export interface Execution__Output {
  /**
   * Its id.
   */
  'id': (_orch_core_WorkflowExecutionIdentifier__Output | null);
  /**
   * What was launched, and how.
   */
  'spec': (_orch_admin_ExecutionSpec__Output | null);
  /**
   * Where it stands.
   */
  'closure': (_orch_admin_ExecutionClosure__Output | null);
}
