// Original file: proto/orch/core/v1/tasks.proto


/**
 * A platform secret a task asks for: the secret named `key`, given to the process as `env_var`.
 */
export interface SecretRequest {
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
 * A platform secret a task asks for: the secret named `key`, given to the process as `env_var`.
 */
export interface SecretRequest__Output {
  /**
   * The platform secret's name.
   */
  'key': (string);
  /**
   * The environment variable that holds its value.
   */
  'env_var': (string);
}
