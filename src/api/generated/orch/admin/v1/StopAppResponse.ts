// Original file: proto/orch/admin/v1/app.proto


/**
 * Empty: the app is stopped.
 */
export interface StopAppResponse {
}

/**
 * Empty: the app is stopped.
 */
export interface StopAppResponse__Output {
}
