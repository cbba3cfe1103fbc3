// Original file: proto/orch/admin/v1/launch_plan.proto


/**
 * Empty: the state is set.
 */
export interface LaunchPlanUpdateResponse {
}

/**
 * Empty: the state is set.
 */
export interface LaunchPlanUpdateResponse__Output {
}
