// Original file: proto/orch/admin/launch_plan.proto

export const LaunchPlanState = {
  INACTIVE: 'INACTIVE',
  ACTIVE: 'ACTIVE',
} as const;

export type LaunchPlanState =
  | 'INACTIVE'
  | 0
  | 'ACTIVE'
  | 1

export type LaunchPlanState__Output = typeof LaunchPlanState[keyof typeof LaunchPlanState]
