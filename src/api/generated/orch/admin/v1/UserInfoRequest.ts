// Original file: proto/orch/admin/v1/identity.proto


/**
 * UserInfo (any authenticated caller): no parameters.
 */
export interface UserInfoRequest {
}

/**
 * UserInfo (any authenticated caller): no parameters.
 */
export interface UserInfoRequest__Output {
}
