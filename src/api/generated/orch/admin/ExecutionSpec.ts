// Original file: proto/orch/admin/execution.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { ExecutionMetadata as _orch_admin_ExecutionMetadata, ExecutionMetadata__Output as _orch_admin_ExecutionMetadata__Output } from '../../orch/admin/ExecutionMetadata.js';

export interface ExecutionSpec {
  'launch_plan'?: (_orch_core_Identifier | null);
  'metadata'?: (_orch_admin_ExecutionMetadata | null);
  'annotations'?: ({[key: string]: string});
}

export interface ExecutionSpec__Output {
  'launch_plan': (_orch_core_Identifier__Output | null);
  'metadata': (_orch_admin_ExecutionMetadata__Output | null);
  'annotations': ({[key: string]: string});
}
