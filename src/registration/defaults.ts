/**
 * Project and domain that `orch register`, `orch run` and the Action use when none is given
 * (the sandbox's default project and its first domain). Kept apart so that reading it loads nothing.
 */
export const DEFAULT_TARGET = Object.freeze({ project: 'default', domain: 'development' });
