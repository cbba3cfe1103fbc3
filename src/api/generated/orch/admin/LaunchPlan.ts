// Original file: proto/orch/admin/launch_plan.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { LaunchPlanSpec as _orch_admin_LaunchPlanSpec, LaunchPlanSpec__Output as _orch_admin_LaunchPlanSpec__Output } from '../../orch/admin/LaunchPlanSpec.js';
import type { LaunchPlanClosure as _orch_admin_LaunchPlanClosure, LaunchPlanClosure__Output as _orch_admin_LaunchPlanClosure__Output } from '../../orch/admin/LaunchPlanClosure.js';

/**
 * One launch plan version.
 */
export interface LaunchPlan {
  /**
   * The version.
   */
  'id'?: (_orch_core_Identifier | null);
  /**
   * What was registered.
   */
  'spec'?: (_orch_admin_LaunchPlanSpec | null);
  /**
   * What the server made of it.
   */
  'closure'?: (_orch_admin_LaunchPlanClosure | null);
}

/**
 * One launch plan version.
 */
export interface LaunchPlan__Output {
  /**
   * The version.
   */
  'id': (_orch_core_Identifier__Output | null);
  /**
   * What was registered.
   */
  'spec': (_orch_admin_LaunchPlanSpec__Output | null);
  /**
   * What the server made of it.
   */
  'closure': (_orch_admin_LaunchPlanClosure__Output | null);
}
