// Original file: proto/orch/admin/launch_plan.proto

import type { LaunchPlanState as _orch_admin_LaunchPlanState, LaunchPlanState__Output as _orch_admin_LaunchPlanState__Output } from '../../orch/admin/LaunchPlanState.js';
import type { ParameterMap as _orch_core_ParameterMap, ParameterMap__Output as _orch_core_ParameterMap__Output } from '../../orch/core/ParameterMap.js';
import type { VariableMap as _orch_core_VariableMap, VariableMap__Output as _orch_core_VariableMap__Output } from '../../orch/core/VariableMap.js';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';

export interface LaunchPlanClosure {
  'state'?: (_orch_admin_LaunchPlanState);
  'expected_inputs'?: (_orch_core_ParameterMap | null);
  'expected_outputs'?: (_orch_core_VariableMap | null);
  'created_at'?: (_google_protobuf_Timestamp | null);
  'updated_at'?: (_google_protobuf_Timestamp | null);
  'registered_by'?: (string);
}

export interface LaunchPlanClosure__Output {
  'state': (_orch_admin_LaunchPlanState__Output);
  'expected_inputs': (_orch_core_ParameterMap__Output | null);
  'expected_outputs': (_orch_core_VariableMap__Output | null);
  'created_at': (_google_protobuf_Timestamp__Output | null);
  'updated_at': (_google_protobuf_Timestamp__Output | null);
  'registered_by': (string);
}
