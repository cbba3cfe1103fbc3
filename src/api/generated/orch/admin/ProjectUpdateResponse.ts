// Original file: proto/orch/admin/project.proto


export interface ProjectUpdateResponse {
}

export interface ProjectUpdateResponse__Output {
}
