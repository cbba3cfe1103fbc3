// Original file: proto/orch/admin/launch_plan.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { LaunchPlanSpec as _orch_admin_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_LaunchPlanSpec__Output } from '../../orch/admin/LaunchPlanSpec.js';

export interface LaunchPlanCreateRequest {
  'id'?: (_orch_core_Identifier | null);
  'spec'?: (_orch_admin_LaunchPlanSpec | null);
}

export interface LaunchPlanCreateRequest__Output {
  'id': (_orch_core_Identifier__Output | null);
  'spec': (_orch_admin_LaunchPlanSpec__Output | null);
}
