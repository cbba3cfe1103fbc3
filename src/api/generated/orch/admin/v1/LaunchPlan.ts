// Original file: proto/orch/admin/v1/launch_plan.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { LaunchPlanSpec as _orch_admin_v1_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_v1_LaunchPlanSpec__Output } from '../../../orch/admin/v1/LaunchPlanSpec.js';
import type { LaunchPlanClosure as _orch_admin_v1_LaunchPlanClosure, LaunchPlanClosure__Output as _orch_admin_v1_LaunchPlanClosure__Output } from '../../../orch/admin/v1/LaunchPlanClosure.js';

/**
 * One launch plan version.
 */
export interface LaunchPlan {
  /**
   * The version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * What was registered.
   */
  'spec'?: (_orch_admin_v1_LaunchPlanSpec | null);
  /**
   * What the server made of it.
   */
  'closure'?: (_orch_admin_v1_LaunchPlanClosure | null);
}

/**
 * One launch plan version.
 */
export interface LaunchPlan__Output {
  /**
   * The version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * What was registered.
   */
  'spec': (_orch_admin_v1_LaunchPlanSpec__Output | null);
  /**
   * What the server made of it.
   */
  'closure': (_orch_admin_v1_LaunchPlanClosure__Output | null);
}
