// Original file: proto/orch/admin/v1/trust_policy.proto


/**
 * ListTrustPolicies (admin only), by name, one page at a time.
 */
export interface ListTrustPoliciesRequest {
  /**
   * The org whose policies are listed; empty for the server's own.
   */
  'org'?: (string);
  /**
   * At most this many policies in the page.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
}

/**
 * ListTrustPolicies (admin only), by name, one page at a time.
 */
export interface ListTrustPoliciesRequest__Output {
  /**
   * The org whose policies are listed; empty for the server's own.
   */
  'org': (string);
  /**
   * At most this many policies in the page.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
}
