// Original file: proto/orch/admin/launch_plan.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { ParameterMap as _orch_core_ParameterMap, ParameterMap__Output as _orch_core_ParameterMap__Output } from '../../orch/core/ParameterMap.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';
import type { Schedule as _orch_admin_Schedule, Schedule__Output as _orch_admin_Schedule__Output } from '../../orch/admin/Schedule.js';
import type { AuthRole as _orch_admin_AuthRole, AuthRole__Output as _orch_admin_AuthRole__Output } from '../../orch/admin/AuthRole.js';
import type { RawOutputDataConfig as _orch_admin_RawOutputDataConfig, RawOutputDataConfig__Output as _orch_admin_RawOutputDataConfig__Output } from '../../orch/admin/RawOutputDataConfig.js';

/**
 * What a launch plan registration gives.
 */
export interface LaunchPlanSpec {
  /**
   * The workflow this launch plan runs; project and domain default to the launch plan's.
   */
  'workflow_id'?: (_orch_core_Identifier | null);
  /**
   * Inputs a caller may give, with their defaults.
   */
  'default_inputs'?: (_orch_core_ParameterMap | null);
  /**
   * Inputs a caller may not override.
   */
  'fixed_inputs'?: (_orch_core_LiteralMap | null);
  /**
   * When the active version launches by itself; unset for never.
   */
  'schedule'?: (_orch_admin_Schedule | null);
  /**
   * Who executions of this launch plan run as (`--files.k8sServiceAccount`, `--files.assumableIamRole`).
   */
  'auth_role'?: (_orch_admin_AuthRole | null);
  /**
   * Where executions write large outputs (`--files.outputLocationPrefix`).
   */
  'raw_output_data_config'?: (_orch_admin_RawOutputDataConfig | null);
}

/**
 * What a launch plan registration gives.
 */
export interface LaunchPlanSpec__Output {
  /**
   * The workflow this launch plan runs; project and domain default to the launch plan's.
   */
  'workflow_id': (_orch_core_Identifier__Output | null);
  /**
   * Inputs a caller may give, with their defaults.
   */
  'default_inputs': (_orch_core_ParameterMap__Output | null);
  /**
   * Inputs a caller may not override.
   */
  'fixed_inputs': (_orch_core_LiteralMap__Output | null);
  /**
   * When the active version launches by itself; unset for never.
   */
  'schedule': (_orch_admin_Schedule__Output | null);
  /**
   * Who executions of this launch plan run as (`--files.k8sServiceAccount`, `--files.assumableIamRole`).
   */
  'auth_role': (_orch_admin_AuthRole__Output | null);
  /**
   * Where executions write large outputs (`--files.outputLocationPrefix`).
   */
  'raw_output_data_config': (_orch_admin_RawOutputDataConfig__Output | null);
}
