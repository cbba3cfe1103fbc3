// Original file: proto/orch/admin/v1/app.proto


/**
 * An app's name and place.
 */
export interface AppIdentifier {
  /**
   * The app's name; unique in the org (its host name on the apps sub-domain).
   */
  'name'?: (string);
  /**
   * Its project.
   */
  'project'?: (string);
  /**
   * Its domain.
   */
  'domain'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * An app's name and place.
 */
export interface AppIdentifier__Output {
  /**
   * The app's name; unique in the org (its host name on the apps sub-domain).
   */
  'name': (string);
  /**
   * Its project.
   */
  'project': (string);
  /**
   * Its domain.
   */
  'domain': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
