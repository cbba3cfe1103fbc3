// Original file: proto/orch/core/v1/types.proto

/**
 * Scalar types a variable may have.
 */
export const SimpleType = {
  /**
   * No type: a LiteralType sets simple to one of the values below.
   */
  SIMPLE_TYPE_UNSPECIFIED: 'SIMPLE_TYPE_UNSPECIFIED',
  /**
   * `integer`: 64-bit signed.
   */
  INTEGER: 'INTEGER',
  /**
   * `float`: a double.
   */
  FLOAT: 'FLOAT',
  /**
   * `string`.
   */
  STRING: 'STRING',
  /**
   * `boolean`.
   */
  BOOLEAN: 'BOOLEAN',
  /**
   * `datetime`: an instant.
   */
  DATETIME: 'DATETIME',
  /**
   * `duration`: a length of time.
   */
  DURATION: 'DURATION',
  /**
   * `struct`: a JSON document.
   */
  STRUCT: 'STRUCT',
  /**
   * A file in blob storage, referred to by its URI (s3://..., orch-local://..., https://...).
   */
  BLOB: 'BLOB',
} as const;

/**
 * Scalar types a variable may have.
 */
export type SimpleType =
  /**
   * No type: a LiteralType sets simple to one of the values below.
   */
  | 'SIMPLE_TYPE_UNSPECIFIED'
  | 0
  /**
   * `integer`: 64-bit signed.
   */
  | 'INTEGER'
  | 1
  /**
   * `float`: a double.
   */
  | 'FLOAT'
  | 2
  /**
   * `string`.
   */
  | 'STRING'
  | 3
  /**
   * `boolean`.
   */
  | 'BOOLEAN'
  | 4
  /**
   * `datetime`: an instant.
   */
  | 'DATETIME'
  | 5
  /**
   * `duration`: a length of time.
   */
  | 'DURATION'
  | 6
  /**
   * `struct`: a JSON document.
   */
  | 'STRUCT'
  | 7
  /**
   * A file in blob storage, referred to by its URI (s3://..., orch-local://..., https://...).
   */
  | 'BLOB'
  | 8

/**
 * Scalar types a variable may have.
 */
export type SimpleType__Output = typeof SimpleType[keyof typeof SimpleType]
