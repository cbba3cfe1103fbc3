// Original file: proto/orch/admin/v1/common.proto


/**
 * Empty: the call succeeded.
 */
export interface EmptyResponse {
}

/**
 * Empty: the call succeeded.
 */
export interface EmptyResponse__Output {
}
