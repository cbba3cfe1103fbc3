// Original file: proto/orch/admin/v1/project.proto

import type { Domain as _orch_admin_v1_Domain, Domain__Output as _orch_admin_v1_Domain__Output } from '../../../orch/admin/v1/Domain.js';

// Original file: proto/orch/admin/v1/project.proto

/**
 * Whether a project is in use.
 */
export const _orch_admin_v1_Project_ProjectState = {
  /**
   * Not given: refused by UpdateProject; never answered.
   */
  PROJECT_STATE_UNSPECIFIED: 'PROJECT_STATE_UNSPECIFIED',
  /**
   * In use.
   */
  ACTIVE: 'ACTIVE',
  /**
   * Archived: no longer in use; its entities stay readable.
   */
  ARCHIVED: 'ARCHIVED',
  /**
   * Made by the server itself (the default project).
   */
  SYSTEM_GENERATED: 'SYSTEM_GENERATED',
} as const;

/**
 * Whether a project is in use.
 */
export type _orch_admin_v1_Project_ProjectState =
  /**
   * Not given: refused by UpdateProject; never answered.
   */
  | 'PROJECT_STATE_UNSPECIFIED'
  | 0
  /**
   * In use.
   */
  | 'ACTIVE'
  | 1
  /**
   * Archived: no longer in use; its entities stay readable.
   */
  | 'ARCHIVED'
  | 2
  /**
   * Made by the server itself (the default project).
   */
  | 'SYSTEM_GENERATED'
  | 3

/**
 * Whether a project is in use.
 */
export type _orch_admin_v1_Project_ProjectState__Output = typeof _orch_admin_v1_Project_ProjectState[keyof typeof _orch_admin_v1_Project_ProjectState]

/**
 * A project: the unit that holds tasks, workflows, launch plans, executions and apps.
 */
export interface Project {
  /**
   * Lower-case letters, digits and dashes, starting with a letter; unique in the org.
   */
  'id'?: (string);
  /**
   * The display name; empty for the id.
   */
  'name'?: (string);
  /**
   * Filled in by the server on every read; must be empty on register and update.
   */
  'domains'?: (_orch_admin_v1_Domain)[];
  /**
   * Free text describing the project.
   */
  'description'?: (string);
  /**
   * Free key/value labels.
   */
  'labels'?: ({[key: string]: string});
  /**
   * The project's state; required by UpdateProject (ACTIVE or ARCHIVED), ignored by RegisterProject.
   */
  'state'?: (_orch_admin_v1_Project_ProjectState);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * A project: the unit that holds tasks, workflows, launch plans, executions and apps.
 */
export interface Project__Output {
  /**
   * Lower-case letters, digits and dashes, starting with a letter; unique in the org.
   */
  'id': (string);
  /**
   * The display name; empty for the id.
   */
  'name': (string);
  /**
   * Filled in by the server on every read; must be empty on register and update.
   */
  'domains': (_orch_admin_v1_Domain__Output)[];
  /**
   * Free text describing the project.
   */
  'description': (string);
  /**
   * Free key/value labels.
   */
  'labels': ({[key: string]: string});
  /**
   * The project's state; required by UpdateProject (ACTIVE or ARCHIVED), ignored by RegisterProject.
   */
  'state': (_orch_admin_v1_Project_ProjectState__Output);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
