// Original file: proto/orch/admin/execution.proto

import type { WorkflowExecutionIdentifier as _orch_core_WorkflowExecutionIdentifier, WorkflowExecutionIdentifier__Output as _orch_core_WorkflowExecutionIdentifier__Output } from '../../orch/core/WorkflowExecutionIdentifier.js';

// Original file: proto/orch/admin/execution.proto

export const _orch_admin_ExecutionMetadata_ExecutionMode = {
  MANUAL: 'MANUAL',
  SCHEDULED: 'SCHEDULED',
  SYSTEM: 'SYSTEM',
  RELAUNCH: 'RELAUNCH',
} as const;

export type _orch_admin_ExecutionMetadata_ExecutionMode =
  | 'MANUAL'
  | 0
  | 'SCHEDULED'
  | 1
  | 'SYSTEM'
  | 2
  | 'RELAUNCH'
  | 3

export type _orch_admin_ExecutionMetadata_ExecutionMode__Output = typeof _orch_admin_ExecutionMetadata_ExecutionMode[keyof typeof _orch_admin_ExecutionMetadata_ExecutionMode]

export interface ExecutionMetadata {
  'mode'?: (_orch_admin_ExecutionMetadata_ExecutionMode);
  'principal'?: (string);
  'reference_execution'?: (_orch_core_WorkflowExecutionIdentifier | null);
}

export interface ExecutionMetadata__Output {
  'mode': (_orch_admin_ExecutionMetadata_ExecutionMode__Output);
  'principal': (string);
  'reference_execution': (_orch_core_WorkflowExecutionIdentifier__Output | null);
}
