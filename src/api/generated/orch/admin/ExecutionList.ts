// Original file: proto/orch/admin/execution.proto

import type { Execution as _orch_admin_Execution, Execution__Output as _orch_admin_Execution__Output } from '../../orch/admin/Execution.js';

export interface ExecutionList {
  'executions'?: (_orch_admin_Execution)[];
  'token'?: (string);
}

export interface ExecutionList__Output {
  'executions': (_orch_admin_Execution__Output)[];
  'token': (string);
}
