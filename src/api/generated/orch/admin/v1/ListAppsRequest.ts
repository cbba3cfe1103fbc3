// Original file: proto/orch/admin/v1/app.proto


/**
 * List (viewer): the apps of a scope, at most `limit`, in one page.
 */
export interface ListAppsRequest {
  /**
   * The project; empty for every project.
   */
  'project'?: (string);
  /**
   * The domain; empty for every domain.
   */
  'domain'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
  /**
   * At most this many apps; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
  /**
   * Not used: the answer is one page.
   */
  'token'?: (string);
}

/**
 * List (viewer): the apps of a scope, at most `limit`, in one page.
 */
export interface ListAppsRequest__Output {
  /**
   * The project; empty for every project.
   */
  'project': (string);
  /**
   * The domain; empty for every domain.
   */
  'domain': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
  /**
   * At most this many apps; 0 for 100, capped at 1000.
   */
  'limit': (number);
  /**
   * Not used: the answer is one page.
   */
  'token': (string);
}
