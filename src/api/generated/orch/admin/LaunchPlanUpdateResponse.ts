// Original file: proto/orch/admin/launch_plan.proto


export interface LaunchPlanUpdateResponse {
}

export interface LaunchPlanUpdateResponse__Output {
}
