// Original file: proto/orch/admin/v1/secret.proto


/**
 * ListSecrets (viewer): INVALID_ARGUMENT for a project without a domain or a bad page token.
 */
export interface ListSecretsRequest {
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
  /**
   * With both empty: every secret of the organization; with a domain or a project and domain: that scope only.
   */
  'domain'?: (string);
  /**
   * See domain.
   */
  'project'?: (string);
  /**
   * At most this many secrets in the page; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
}

/**
 * ListSecrets (viewer): INVALID_ARGUMENT for a project without a domain or a bad page token.
 */
export interface ListSecretsRequest__Output {
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
  /**
   * With both empty: every secret of the organization; with a domain or a project and domain: that scope only.
   */
  'domain': (string);
  /**
   * See domain.
   */
  'project': (string);
  /**
   * At most this many secrets in the page; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
}
