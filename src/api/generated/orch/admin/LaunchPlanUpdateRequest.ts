// Original file: proto/orch/admin/launch_plan.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { LaunchPlanState as _orch_admin_LaunchPlanState, LaunchPlanState__Output as _orch_admin_LaunchPlanState__Output } from '../../orch/admin/LaunchPlanState.js';

export interface LaunchPlanUpdateRequest {
  'id'?: (_orch_core_Identifier | null);
  'state'?: (_orch_admin_LaunchPlanState);
}

export interface LaunchPlanUpdateRequest__Output {
  'id': (_orch_core_Identifier__Output | null);
  'state': (_orch_admin_LaunchPlanState__Output);
}
