// Original file: proto/orch/core/v1/literals.proto


/**
 * A reference to a file in blob storage.
 */
export interface Blob {
  /**
   * Where the file is: s3://bucket/key, orch-local://container/key, https://host/path.
   */
  'uri'?: (string);
}

/**
 * A reference to a file in blob storage.
 */
export interface Blob__Output {
  /**
   * Where the file is: s3://bucket/key, orch-local://container/key, https://host/path.
   */
  'uri': (string);
}
