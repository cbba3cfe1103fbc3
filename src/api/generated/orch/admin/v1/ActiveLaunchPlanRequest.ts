// Original file: proto/orch/admin/v1/launch_plan.proto

import type { NamedEntityIdentifier as _orch_admin_v1_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_v1_NamedEntityIdentifier__Output } from '../../../orch/admin/v1/NamedEntityIdentifier.js';

/**
 * GetActiveLaunchPlan (viewer): the active version of a launch plan name; NOT_FOUND when none is active.
 */
export interface ActiveLaunchPlanRequest {
  /**
   * The launch plan's project, domain and name (all required).
   */
  'id'?: (_orch_admin_v1_NamedEntityIdentifier | null);
}

/**
 * GetActiveLaunchPlan (viewer): the active version of a launch plan name; NOT_FOUND when none is active.
 */
export interface ActiveLaunchPlanRequest__Output {
  /**
   * The launch plan's project, domain and name (all required).
   */
  'id': (_orch_admin_v1_NamedEntityIdentifier__Output | null);
}
