// Original file: proto/orch/core/v1/identifier.proto

import type { ResourceType as _orch_core_v1_ResourceType, ResourceType__Output as _orch_core_v1_ResourceType__Output } from '../../../orch/core/v1/ResourceType.js';

/**
 * Identifies one version of a task, workflow or launch plan.
 */
export interface Identifier {
  /**
   * The kind of entity.
   */
  'resource_type'?: (_orch_core_v1_ResourceType);
  /**
   * The project (required).
   */
  'project'?: (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain'?: (string);
  /**
   * The entity's name (required): letters, digits and `_ . : @ -`, at most 255 characters.
   */
  'name'?: (string);
  /**
   * The version (required): letters, digits and `_ . : @ -`, at most 255 characters.
   */
  'version'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * Identifies one version of a task, workflow or launch plan.
 */
export interface Identifier__Output {
  /**
   * The kind of entity.
   */
  'resource_type': (_orch_core_v1_ResourceType__Output);
  /**
   * The project (required).
   */
  'project': (string);
  /**
   * The domain (required): development, staging or production.
   */
  'domain': (string);
  /**
   * The entity's name (required): letters, digits and `_ . : @ -`, at most 255 characters.
   */
  'name': (string);
  /**
   * The version (required): letters, digits and `_ . : @ -`, at most 255 characters.
   */
  'version': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
