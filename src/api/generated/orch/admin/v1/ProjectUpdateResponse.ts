// Original file: proto/orch/admin/v1/project.proto


/**
 * Empty: UpdateProject replaced the project's name, description, labels and state (ARCHIVED archives
 * it). Domains are fixed.
 */
export interface ProjectUpdateResponse {
}

/**
 * Empty: UpdateProject replaced the project's name, description, labels and state (ARCHIVED archives
 * it). Domains are fixed.
 */
export interface ProjectUpdateResponse__Output {
}
