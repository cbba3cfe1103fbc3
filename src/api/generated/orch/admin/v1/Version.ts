// Original file: proto/orch/admin/v1/version.proto


/**
 * A build of the server.
 */
export interface Version {
  /**
   * The commit the server was built from; empty today.
   */
  'build'?: (string);
  /**
   * The package version, e.g. 0.1.0.
   */
  'version'?: (string);
  /**
   * When it was built (RFC 3339); empty today.
   */
  'build_time'?: (string);
}

/**
 * A build of the server.
 */
export interface Version__Output {
  /**
   * The commit the server was built from; empty today.
   */
  'build': (string);
  /**
   * The package version, e.g. 0.1.0.
   */
  'version': (string);
  /**
   * When it was built (RFC 3339); empty today.
   */
  'build_time': (string);
}
