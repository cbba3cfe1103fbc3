// Original file: proto/orch/admin/v1/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_v1_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_v1_WorkflowExecutionIdentifier__Output } from '../../../orch/core/v1/WorkflowExecutionIdentifier.js';
import type { ExecutionSpec as _orch_admin_v1_ExecutionSpec, ExecutionSpec__Output as _orch_admin_v1_ExecutionSpec__Output } from '../../../orch/admin/v1/ExecutionSpec.js';
import type { ExecutionClosure as _orch_admin_v1_ExecutionClosure, ExecutionClosure__Output as _orch_admin_v1_ExecutionClosure__Output } from '../../../orch/admin/v1/ExecutionClosure.js';

/**
 * One execution of a launch plan.
 */
export interface Execution {
  /**
   * Its id.
   */
  'id'?: (_orch_core_v1_WorkflowExecutionIdentifier | null);
  /**
   * What was launched, and how.
   */
  'spec'?: (_orch_admin_v1_ExecutionSpec | null);
  /**
   * Where it stands.
   */
  'closure'?: (_orch_admin_v1_ExecutionClosure | null);
}

/**
 * One execution of a launch plan.
 */
export interface Execution__Output {
  /**
   * Its id.
   */
  'id': (_orch_core_v1_WorkflowExecutionIdentifier__Output | null);
  /**
   * What was launched, and how.
   */
  'spec': (_orch_admin_v1_ExecutionSpec__Output | null);
  /**
   * Where it stands.
   */
  'closure': (_orch_admin_v1_ExecutionClosure__Output | null);
}
