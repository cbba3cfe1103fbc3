// Original file: proto/orch/admin/v1/launch_plan.proto

/**
 * Whether a launch plan version is the active one of its name (the one its schedule runs).
 */
export const LaunchPlanState = {
  /**
   * Not given: refused by UpdateLaunchPlan; never answered.
   */
  LAUNCH_PLAN_STATE_UNSPECIFIED: 'LAUNCH_PLAN_STATE_UNSPECIFIED',
  /**
   * Not active: launchable by id, never scheduled.
   */
  INACTIVE: 'INACTIVE',
  /**
   * The active version of its name: its schedule runs, GetActiveLaunchPlan answers it.
   */
  ACTIVE: 'ACTIVE',
} as const;

/**
 * Whether a launch plan version is the active one of its name (the one its schedule runs).
 */
export type LaunchPlanState =
  /**
   * Not given: refused by UpdateLaunchPlan; never answered.
   */
  | 'LAUNCH_PLAN_STATE_UNSPECIFIED'
  | 0
  /**
   * Not active: launchable by id, never scheduled.
   */
  | 'INACTIVE'
  | 1
  /**
   * The active version of its name: its schedule runs, GetActiveLaunchPlan answers it.
   */
  | 'ACTIVE'
  | 2

/**
 * Whether a launch plan version is the active one of its name (the one its schedule runs).
 */
export type LaunchPlanState__Output = typeof LaunchPlanState[keyof typeof LaunchPlanState]
