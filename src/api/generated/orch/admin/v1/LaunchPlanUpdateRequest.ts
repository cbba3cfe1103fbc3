// Original file: proto/orch/admin/v1/launch_plan.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { LaunchPlanState as _orch_admin_v1_LaunchPlanState, LaunchPlanState__Output as _orch_admin_v1_LaunchPlanState__Output } from '../../../orch/admin/v1/LaunchPlanState.js';

/**
 * UpdateLaunchPlan (contributor): activates or deactivates one launch plan version. Activating a
 * version deactivates the other versions of the same launch plan: at most one version of a name is
 * active. INVALID_ARGUMENT when state is unset, NOT_FOUND when the version does not exist.
 */
export interface LaunchPlanUpdateRequest {
  /**
   * The version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * The state to set (required): ACTIVE or INACTIVE.
   */
  'state'?: (_orch_admin_v1_LaunchPlanState);
}

/**
 * UpdateLaunchPlan (contributor): activates or deactivates one launch plan version. Activating a
 * version deactivates the other versions of the same launch plan: at most one version of a name is
 * active. INVALID_ARGUMENT when state is unset, NOT_FOUND when the version does not exist.
 */
export interface LaunchPlanUpdateRequest__Output {
  /**
   * The version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The state to set (required): ACTIVE or INACTIVE.
   */
  'state': (_orch_admin_v1_LaunchPlanState__Output);
}
