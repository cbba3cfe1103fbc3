// Original file: proto/orch/admin/v1/project.proto


/**
 * GetDomains (viewer): no parameters.
 */
export interface GetDomainRequest {
}

/**
 * GetDomains (viewer): no parameters.
 */
export interface GetDomainRequest__Output {
}
