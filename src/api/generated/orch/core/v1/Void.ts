// Original file: proto/orch/core/v1/literals.proto


/**
 * The absence of a value.
 */
export interface Void {
}

/**
 * The absence of a value.
 */
export interface Void__Output {
}
