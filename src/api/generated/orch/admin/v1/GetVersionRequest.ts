// Original file: proto/orch/admin/v1/version.proto


/**
 * GetVersion (viewer): no parameters.
 */
export interface GetVersionRequest {
}

/**
 * GetVersion (viewer): no parameters.
 */
export interface GetVersionRequest__Output {
}
