// Original file: proto/orch/admin/project.proto


export interface GetDomainRequest {
}

export interface GetDomainRequest__Output {
}
