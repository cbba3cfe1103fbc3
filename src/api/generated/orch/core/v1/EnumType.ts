// Original file: proto/orch/core/v1/types.proto


/**
 * A closed set of string values.
 */
export interface EnumType {
  /**
   * The allowed values.
   */
  'values'?: (string)[];
}

/**
 * A closed set of string values.
 */
export interface EnumType__Output {
  /**
   * The allowed values.
   */
  'values': (string)[];
}
