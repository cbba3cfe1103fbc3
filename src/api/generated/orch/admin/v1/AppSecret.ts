// Original file: proto/orch/admin/v1/app.proto


/**
 * A secret the app gets as an environment variable.
 */
export interface AppSecret {
  /**
   * The platform secret's name.
   */
  'key'?: (string);
  /**
   * The environment variable that holds its value.
   */
  'env_var'?: (string);
}

/**
 * A secret the app gets as an environment variable.
 */
export interface AppSecret__Output {
  /**
   * The platform secret's name.
   */
  'key': (string);
  /**
   * The environment variable that holds its value.
   */
  'env_var': (string);
}
