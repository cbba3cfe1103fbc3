/**
 * The version of this package, as published. Part of every computed registration version (DESIGN.md,
 * "Workflow files"), reported by GetVersion and sent in `x-orch-client`. A unit test keeps it equal to
 * `package.json`'s `version`.
 */
export const ORCH_VERSION = '0.1.0';
