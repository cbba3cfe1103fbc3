// Original file: proto/orch/core/v1/literals.proto


/**
 * A reference to an output of another node; node `start-node` holds the workflow's inputs.
 */
export interface OutputReference {
  /**
   * The node whose output is taken.
   */
  'node_id'?: (string);
  /**
   * The output's name.
   */
  'var'?: (string);
}

/**
 * A reference to an output of another node; node `start-node` holds the workflow's inputs.
 */
export interface OutputReference__Output {
  /**
   * The node whose output is taken.
   */
  'node_id': (string);
  /**
   * The output's name.
   */
  'var': (string);
}
