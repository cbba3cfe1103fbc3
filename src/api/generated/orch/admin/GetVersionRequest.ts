// Original file: proto/orch/admin/version.proto


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
