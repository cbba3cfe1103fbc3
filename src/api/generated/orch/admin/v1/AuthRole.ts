// Original file: proto/orch/admin/v1/launch_plan.proto


/**
 * The identity executions run as on a cluster runtime; recorded, not used by the local executor.
 */
export interface AuthRole {
  /**
   * A cloud IAM role to assume, e.g. an AWS role ARN.
   */
  'assumable_iam_role'?: (string);
  /**
   * A Kubernetes service account name.
   */
  'kubernetes_service_account'?: (string);
}

/**
 * The identity executions run as on a cluster runtime; recorded, not used by the local executor.
 */
export interface AuthRole__Output {
  /**
   * A cloud IAM role to assume, e.g. an AWS role ARN.
   */
  'assumable_iam_role': (string);
  /**
   * A Kubernetes service account name.
   */
  'kubernetes_service_account': (string);
}
