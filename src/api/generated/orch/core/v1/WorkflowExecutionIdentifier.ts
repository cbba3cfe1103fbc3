// Original file: proto/orch/core/v1/identifier.proto


/**
 * Identifies one execution of a launch plan.
 */
export interface WorkflowExecutionIdentifier {
  /**
   * The project (required).
   */
  'project'?: (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain'?: (string);
  /**
   * The execution's name (required).
   */
  'name'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * Identifies one execution of a launch plan.
 */
export interface WorkflowExecutionIdentifier__Output {
  /**
   * The project (required).
   */
  'project': (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain': (string);
  /**
   * The execution's name (required).
   */
  'name': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
