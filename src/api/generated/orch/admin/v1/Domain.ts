// Original file: proto/orch/admin/v1/project.proto


/**
 * One of the domains every project has.
 */
export interface Domain {
  /**
   * development, staging or production.
   */
  'id'?: (string);
  /**
   * The domain's display name (the same as its id).
   */
  'name'?: (string);
}

/**
 * One of the domains every project has.
 */
export interface Domain__Output {
  /**
   * development, staging or production.
   */
  'id': (string);
  /**
   * The domain's display name (the same as its id).
   */
  'name': (string);
}
