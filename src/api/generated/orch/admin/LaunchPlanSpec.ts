// Original file: proto/orch/admin/launch_plan.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { ParameterMap as _orch_core_ParameterMap, ParameterMap__Output as _orch_core_ParameterMap__Output } from '../../orch/core/ParameterMap.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';
import type { Schedule as _orch_admin_Schedule, Schedule__Output as _orch_admin_Schedule__Output } from '../../orch/admin/Schedule.js';
import type { AuthRole as _orch_admin_AuthRole, AuthRole__Output as _orch_admin_AuthRole__Output } from '../../orch/admin/AuthRole.js';
import type { RawOutputDataConfig as _orch_admin_RawOutputDataConfig, RawOutputDataConfig__Output as _orch_admin_RawOutputDataConfig__Output } from '../../orch/admin/RawOutputDataConfig.js';

export interface LaunchPlanSpec {
  'workflow_id'?: (_orch_core_Identifier | null);
  'default_inputs'?: (_orch_core_ParameterMap | null);
  'fixed_inputs'?: (_orch_core_LiteralMap | null);
  'schedule'?: (_orch_admin_Schedule | null);
  'auth_role'?: (_orch_admin_AuthRole | null);
  'raw_output_data_config'?: (_orch_admin_RawOutputDataConfig | null);
}

export interface LaunchPlanSpec__Output {
  'workflow_id': (_orch_core_Identifier__Output | null);
  'default_inputs': (_orch_core_ParameterMap__Output | null);
  'fixed_inputs': (_orch_core_LiteralMap__Output | null);
  'schedule': (_orch_admin_Schedule__Output | null);
  'auth_role': (_orch_admin_AuthRole__Output | null);
  'raw_output_data_config': (_orch_admin_RawOutputDataConfig__Output | null);
}
