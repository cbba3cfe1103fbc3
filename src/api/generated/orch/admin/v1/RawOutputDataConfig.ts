// Original file: proto/orch/admin/v1/launch_plan.proto


/**
 * Where executions write data too large for the database (a blob-store prefix such as s3://bucket/raw).
 */
export interface RawOutputDataConfig {
  /**
   * The prefix; empty for the server's default.
   */
  'output_location_prefix'?: (string);
}

/**
 * Where executions write data too large for the database (a blob-store prefix such as s3://bucket/raw).
 */
export interface RawOutputDataConfig__Output {
  /**
   * The prefix; empty for the server's default.
   */
  'output_location_prefix': (string);
}
