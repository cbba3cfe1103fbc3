// Original file: proto/orch/admin/launch_plan.proto

import type { LaunchPlan as _orch_admin_LaunchPlan, LaunchPlan__Output as _orch_admin_LaunchPlan__Output } from '../../orch/admin/LaunchPlan.js';

export interface LaunchPlanList {
  'launch_plans'?: (_orch_admin_LaunchPlan)[];
  'token'?: (string);
}

export interface LaunchPlanList__Output {
  'launch_plans': (_orch_admin_LaunchPlan__Output)[];
  'token': (string);
}
