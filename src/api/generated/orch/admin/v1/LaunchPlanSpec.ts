// Original file: proto/orch/admin/v1/launch_plan.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { ParameterMap as _orch_core_v1_ParameterMap, ParameterMap__Output as _orch_core_v1_ParameterMap__Output } from '../../../orch/core/v1/ParameterMap.js';
import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';
import type { Schedule as _orch_admin_v1_Schedule, Schedule__Output as _orch_admin_v1_Schedule__Output } from '../../../orch/admin/v1/Schedule.js';
import type { AuthRole as _orch_admin_v1_AuthRole, AuthRole__Output as _orch_admin_v1_AuthRole__Output } from '../../../orch/admin/v1/AuthRole.js';
import type { RawOutputDataConfig as _orch_admin_v1_RawOutputDataConfig, RawOutputDataConfig__Output as _orch_admin_v1_RawOutputDataConfig__Output } from '../../../orch/admin/v1/RawOutputDataConfig.js';

/**
 * What a launch plan registration gives.
 */
export interface LaunchPlanSpec {
  /**
   * The workflow this launch plan runs; project and domain default to the launch plan's.
   */
  'workflow_id'?: (_orch_core_v1_Identifier | null);
  /**
   * Inputs a caller may give, with their defaults.
   */
  'default_inputs'?: (_orch_core_v1_ParameterMap | null);
  /**
   * Inputs a caller may not override.
   */
  'fixed_inputs'?: (_orch_core_v1_LiteralMap | null);
  /**
   * When the active version launches by itself; unset for never.
   */
  'schedule'?: (_orch_admin_v1_Schedule | null);
  /**
   * Who executions of this launch plan run as (`--files.k8sServiceAccount`, `--files.assumableIamRole`).
   */
  'auth_role'?: (_orch_admin_v1_AuthRole | null);
  /**
   * Where executions write large outputs (`--files.outputLocationPrefix`).
   */
  'raw_output_data_config'?: (_orch_admin_v1_RawOutputDataConfig | null);
}

/**
 * What a launch plan registration gives.
 */
export interface LaunchPlanSpec__Output {
  /**
   * The workflow this launch plan runs; project and domain default to the launch plan's.
   */
  'workflow_id': (_orch_core_v1_Identifier__Output | null);
  /**
   * Inputs a caller may give, with their defaults.
   */
  'default_inputs': (_orch_core_v1_ParameterMap__Output | null);
  /**
   * Inputs a caller may not override.
   */
  'fixed_inputs': (_orch_core_v1_LiteralMap__Output | null);
  /**
   * When the active version launches by itself; unset for never.
   */
  'schedule': (_orch_admin_v1_Schedule__Output | null);
  /**
   * Who executions of this launch plan run as (`--files.k8sServiceAccount`, `--files.assumableIamRole`).
   */
  'auth_role': (_orch_admin_v1_AuthRole__Output | null);
  /**
   * Where executions write large outputs (`--files.outputLocationPrefix`).
   */
  'raw_output_data_config': (_orch_admin_v1_RawOutputDataConfig__Output | null);
}
