// Original file: proto/orch/core/v1/identifier.proto

/**
 * The kinds of versioned entities the admin service stores.
 */
export const ResourceType = {
  /**
   * Not given; the RPC's kind is assumed.
   */
  RESOURCE_TYPE_UNSPECIFIED: 'RESOURCE_TYPE_UNSPECIFIED',
  /**
   * A task.
   */
  TASK: 'TASK',
  /**
   * A workflow.
   */
  WORKFLOW: 'WORKFLOW',
  /**
   * A launch plan.
   */
  LAUNCH_PLAN: 'LAUNCH_PLAN',
} as const;

/**
 * The kinds of versioned entities the admin service stores.
 */
export type ResourceType =
  /**
   * Not given; the RPC's kind is assumed.
   */
  | 'RESOURCE_TYPE_UNSPECIFIED'
  | 0
  /**
   * A task.
   */
  | 'TASK'
  | 1
  /**
   * A workflow.
   */
  | 'WORKFLOW'
  | 2
  /**
   * A launch plan.
   */
  | 'LAUNCH_PLAN'
  | 3

/**
 * The kinds of versioned entities the admin service stores.
 */
export type ResourceType__Output = typeof ResourceType[keyof typeof ResourceType]
