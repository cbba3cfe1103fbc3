// Original file: proto/orch/admin/v1/secret.proto


/**
 * A secret's name and scope: the organization (no project, no domain), one domain of it (domain only),
 * or one project and domain (both).
 */
export interface SecretIdentifier {
  /**
   * The secret's name, as tasks and apps ask for it.
   */
  'name'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
  /**
   * The domain of the scope; empty for the whole org.
   */
  'domain'?: (string);
  /**
   * The project of the scope (needs domain); empty for the whole domain or org.
   */
  'project'?: (string);
}

/**
 * A secret's name and scope: the organization (no project, no domain), one domain of it (domain only),
 * or one project and domain (both).
 */
export interface SecretIdentifier__Output {
  /**
   * The secret's name, as tasks and apps ask for it.
   */
  'name': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
  /**
   * The domain of the scope; empty for the whole org.
   */
  'domain': (string);
  /**
   * The project of the scope (needs domain); empty for the whole domain or org.
   */
  'project': (string);
}
