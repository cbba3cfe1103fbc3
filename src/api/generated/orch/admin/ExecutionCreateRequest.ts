// Original file: proto/orch/admin/execution.proto

import type { ExecutionSpec as _orch_admin_ExecutionSpec, ExecutionSpec__Output as _orch_admin_ExecutionSpec__Output } from '../../orch/admin/ExecutionSpec.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

export interface ExecutionCreateRequest {
  'project'?: (string);
  'domain'?: (string);
  'name'?: (string);
  'spec'?: (_orch_admin_ExecutionSpec | null);
  'inputs'?: (_orch_core_LiteralMap | null);
  'org'?: (string);
}

export interface ExecutionCreateRequest__Output {
  'project': (string);
  'domain': (string);
  'name': (string);
  'spec': (_orch_admin_ExecutionSpec__Output | null);
  'inputs': (_orch_core_LiteralMap__Output | null);
  'org': (string);
}
