// Original file: proto/orch/core/v1/literals.proto


/**
 * A name and a value.
 */
export interface KeyValuePair {
  /**
   * The name.
   */
  'key'?: (string);
  /**
   * The value.
   */
  'value'?: (string);
}

/**
 * A name and a value.
 */
export interface KeyValuePair__Output {
  /**
   * The name.
   */
  'key': (string);
  /**
   * The value.
   */
  'value': (string);
}
