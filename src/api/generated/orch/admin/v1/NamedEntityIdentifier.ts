// Original file: proto/orch/admin/v1/common.proto


/**
 * The version-less name of a task, workflow or launch plan.
 */
export interface NamedEntityIdentifier {
  /**
   * The project the entity belongs to.
   */
  'project'?: (string);
  /**
   * The domain: development, staging or production.
   */
  'domain'?: (string);
  /**
   * The entity's name; empty in a list request means every name of the project and domain.
   */
  'name'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * The version-less name of a task, workflow or launch plan.
 */
export interface NamedEntityIdentifier__Output {
  /**
   * The project the entity belongs to.
   */
  'project': (string);
  /**
   * The domain: development, staging or production.
   */
  'domain': (string);
  /**
   * The entity's name; empty in a list request means every name of the project and domain.
   */
  'name': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
