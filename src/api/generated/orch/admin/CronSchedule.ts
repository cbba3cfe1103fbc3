// Original file: proto/orch/admin/launch_plan.proto


export interface CronSchedule {
  'schedule'?: (string);
}

export interface CronSchedule__Output {
  'schedule': (string);
}
