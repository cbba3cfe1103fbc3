// Original file: proto/orch/core/literals.proto


export interface Void {
}

export interface Void__Output {
}
