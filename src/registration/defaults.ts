/**
 * Project and domain that `orch register`, `orch run` and the Action use when none is given; defined
 * with the configuration ({@link targetOf} applies it), re-exported here for registration's callers.
 */
export { DEFAULT_TARGET } from '../config/target.js';
