// Original file: proto/orch/admin/v1/app.proto


/**
 * Resource limits of an app's instances.
 */
export interface AppResources {
  /**
   * A CPU quantity, e.g. `1` or `500m`.
   */
  'cpu'?: (string);
  /**
   * A memory quantity, e.g. `1Gi`.
   */
  'mem'?: (string);
}

/**
 * Resource limits of an app's instances.
 */
export interface AppResources__Output {
  /**
   * A CPU quantity, e.g. `1` or `500m`.
   */
  'cpu': (string);
  /**
   * A memory quantity, e.g. `1Gi`.
   */
  'mem': (string);
}
