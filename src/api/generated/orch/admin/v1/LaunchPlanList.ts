// Original file: proto/orch/admin/v1/launch_plan.proto

import type { LaunchPlan as _orch_admin_v1_LaunchPlan, LaunchPlan__Output as _orch_admin_v1_LaunchPlan__Output } from '../../../orch/admin/v1/LaunchPlan.js';

/**
 * A page of launch plan versions.
 */
export interface LaunchPlanList {
  /**
   * The versions of this page.
   */
  'launch_plans'?: (_orch_admin_v1_LaunchPlan)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token'?: (string);
}

/**
 * A page of launch plan versions.
 */
export interface LaunchPlanList__Output {
  /**
   * The versions of this page.
   */
  'launch_plans': (_orch_admin_v1_LaunchPlan__Output)[];
  /**
   * The next page's token; empty on the last page.
   */
  'token': (string);
}
