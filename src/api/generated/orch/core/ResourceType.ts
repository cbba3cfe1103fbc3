// Original file: proto/orch/core/identifier.proto

export const ResourceType = {
  UNSPECIFIED: 'UNSPECIFIED',
  TASK: 'TASK',
  WORKFLOW: 'WORKFLOW',
  LAUNCH_PLAN: 'LAUNCH_PLAN',
} as const;

export type ResourceType =
  | 'UNSPECIFIED'
  | 0
  | 'TASK'
  | 1
  | 'WORKFLOW'
  | 2
  | 'LAUNCH_PLAN'
  | 3

export type ResourceType__Output = typeof ResourceType[keyof typeof ResourceType]
