// Original file: proto/orch/admin/v1/launch_plan.proto

import type { LaunchPlanState as _orch_admin_v1_LaunchPlanState, LaunchPlanState__Output as _orch_admin_v1_LaunchPlanState__Output } from '../../../orch/admin/v1/LaunchPlanState.js';
import type { ParameterMap as _orch_core_v1_ParameterMap, ParameterMap__Output as _orch_core_v1_ParameterMap__Output } from '../../../orch/core/v1/ParameterMap.js';
import type { VariableMap as _orch_core_v1_VariableMap, VariableMap__Output as _orch_core_v1_VariableMap__Output } from '../../../orch/core/v1/VariableMap.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';

/**
 * What the server made of a registered launch plan.
 */
export interface LaunchPlanClosure {
  /**
   * Whether this version is the active one of its name.
   */
  'state'?: (_orch_admin_v1_LaunchPlanState);
  /**
   * The inputs a launch may give: the workflow's less the fixed ones, each with a default or required.
   */
  'expected_inputs'?: (_orch_core_v1_ParameterMap | null);
  /**
   * The workflow's outputs.
   */
  'expected_outputs'?: (_orch_core_v1_VariableMap | null);
  /**
   * When the version was registered.
   */
  'created_at'?: (_google_protobuf_Timestamp | null);
  /**
   * When the version was last changed (today the same as created_at).
   */
  'updated_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Who registered this version (the authenticated principal of CreateLaunchPlan); empty when anonymous.
   */
  'registered_by'?: (string);
}

/**
 * What the server made of a registered launch plan.
 */
export interface LaunchPlanClosure__Output {
  /**
   * Whether this version is the active one of its name.
   */
  'state': (_orch_admin_v1_LaunchPlanState__Output);
  /**
   * The inputs a launch may give: the workflow's less the fixed ones, each with a default or required.
   */
  'expected_inputs': (_orch_core_v1_ParameterMap__Output | null);
  /**
   * The workflow's outputs.
   */
  'expected_outputs': (_orch_core_v1_VariableMap__Output | null);
  /**
   * When the version was registered.
   */
  'created_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * When the version was last changed (today the same as created_at).
   */
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Who registered this version (the authenticated principal of CreateLaunchPlan); empty when anonymous.
   */
  'registered_by': (string);
}
