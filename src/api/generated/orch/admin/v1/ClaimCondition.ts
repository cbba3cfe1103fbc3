// Original file: proto/orch/admin/v1/trust_policy.proto


/**
 * A condition on one claim of an OIDC ID token: the claim's value must equal `pattern`, or match it
 * as a glob (`*` within a path segment, `**` across segments) when `glob` is set.
 */
export interface ClaimCondition {
  /**
   * One of sub, repository, repository_owner, ref, environment, event_name, job_workflow_ref.
   */
  'claim'?: (string);
  /**
   * The value the claim must have, or the glob it must match.
   */
  'pattern'?: (string);
  /**
   * Whether `pattern` is a glob rather than an exact value.
   */
  'glob'?: (boolean);
}

/**
 * A condition on one claim of an OIDC ID token: the claim's value must equal `pattern`, or match it
 * as a glob (`*` within a path segment, `**` across segments) when `glob` is set.
 */
export interface ClaimCondition__Output {
  /**
   * One of sub, repository, repository_owner, ref, environment, event_name, job_workflow_ref.
   */
  'claim': (string);
  /**
   * The value the claim must have, or the glob it must match.
   */
  'pattern': (string);
  /**
   * Whether `pattern` is a glob rather than an exact value.
   */
  'glob': (boolean);
}
