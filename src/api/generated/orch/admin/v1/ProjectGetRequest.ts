// Original file: proto/orch/admin/v1/project.proto


/**
 * GetProject (viewer): NOT_FOUND when no project has the id.
 */
export interface ProjectGetRequest {
  /**
   * The project's id.
   */
  'id'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * GetProject (viewer): NOT_FOUND when no project has the id.
 */
export interface ProjectGetRequest__Output {
  /**
   * The project's id.
   */
  'id': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
