// Original file: proto/orch/admin/v1/identity.proto

/**
 * The three roles of the authorizer; each holds every permission of the ones before it.
 */
export const Role = {
  /**
   * No role: refused where a role is required.
   */
  ROLE_UNSPECIFIED: 'ROLE_UNSPECIFIED',
  /**
   * Reads everything in the organization.
   */
  VIEWER: 'VIEWER',
  /**
   * Also registers tasks, workflows and launch plans, launches, relaunches and terminates executions.
   */
  CONTRIBUTOR: 'CONTRIBUTOR',
  /**
   * Also manages projects, secrets, apps, API keys and trust policies.
   */
  ADMIN: 'ADMIN',
} as const;

/**
 * The three roles of the authorizer; each holds every permission of the ones before it.
 */
export type Role =
  /**
   * No role: refused where a role is required.
   */
  | 'ROLE_UNSPECIFIED'
  | 0
  /**
   * Reads everything in the organization.
   */
  | 'VIEWER'
  | 1
  /**
   * Also registers tasks, workflows and launch plans, launches, relaunches and terminates executions.
   */
  | 'CONTRIBUTOR'
  | 2
  /**
   * Also manages projects, secrets, apps, API keys and trust policies.
   */
  | 'ADMIN'
  | 3

/**
 * The three roles of the authorizer; each holds every permission of the ones before it.
 */
export type Role__Output = typeof Role[keyof typeof Role]
