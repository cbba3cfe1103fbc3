// Original file: proto/orch/admin/v1/identity.proto


/**
 * DeleteApiKey (admin): its tokens are refused from the next call; NOT_FOUND when absent.
 */
export interface DeleteApiKeyRequest {
  /**
   * The key's name.
   */
  'name'?: (string);
  /**
   * Its org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * DeleteApiKey (admin): its tokens are refused from the next call; NOT_FOUND when absent.
 */
export interface DeleteApiKeyRequest__Output {
  /**
   * The key's name.
   */
  'name': (string);
  /**
   * Its org; empty for the server's own.
   */
  'org': (string);
}
