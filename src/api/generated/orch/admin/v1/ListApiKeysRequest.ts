// Original file: proto/orch/admin/v1/identity.proto


/**
 * ListApiKeys (admin), by name, one page at a time: INVALID_ARGUMENT for a bad page token.
 */
export interface ListApiKeysRequest {
  /**
   * The org whose keys are listed; empty for the server's own.
   */
  'org'?: (string);
  /**
   * At most this many keys in the page.
   */
  'limit'?: (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token'?: (string);
}

/**
 * ListApiKeys (admin), by name, one page at a time: INVALID_ARGUMENT for a bad page token.
 */
export interface ListApiKeysRequest__Output {
  /**
   * The org whose keys are listed; empty for the server's own.
   */
  'org': (string);
  /**
   * At most this many keys in the page.
   */
  'limit': (number);
  /**
   * The previous page's token; empty for the first page.
   */
  'token': (string);
}
