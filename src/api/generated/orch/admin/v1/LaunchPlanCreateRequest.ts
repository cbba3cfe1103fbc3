// Original file: proto/orch/admin/v1/launch_plan.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { LaunchPlanSpec as _orch_admin_v1_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_v1_LaunchPlanSpec__Output } from '../../../orch/admin/v1/LaunchPlanSpec.js';

/**
 * CreateLaunchPlan (contributor): a new version is INACTIVE. INVALID_ARGUMENT when the workflow does
 * not exist, the inputs do not fit it, the schedule is no cron expression, or an existing version has a
 * different spec; ALREADY_EXISTS for the same spec again.
 */
export interface LaunchPlanCreateRequest {
  /**
   * The version to create: resource type LAUNCH_PLAN, project, domain, name and version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * The launch plan.
   */
  'spec'?: (_orch_admin_v1_LaunchPlanSpec | null);
}

/**
 * CreateLaunchPlan (contributor): a new version is INACTIVE. INVALID_ARGUMENT when the workflow does
 * not exist, the inputs do not fit it, the schedule is no cron expression, or an existing version has a
 * different spec; ALREADY_EXISTS for the same spec again.
 */
export interface LaunchPlanCreateRequest__Output {
  /**
   * The version to create: resource type LAUNCH_PLAN, project, domain, name and version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The launch plan.
   */
  'spec': (_orch_admin_v1_LaunchPlanSpec__Output | null);
}
