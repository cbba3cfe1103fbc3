// Original file: proto/orch/admin/launch_plan.proto

import type { CronSchedule as _orch_admin_CronSchedule, CronSchedule__Output as _orch_admin_CronSchedule__Output } from '../../orch/admin/CronSchedule.js';

export interface Schedule {
  'cron_schedule'?: (_orch_admin_CronSchedule | null);
  'schedule_expression'?: "cron_schedule";
}

export interface Schedule__Output {
  'cron_schedule'?: (_orch_admin_CronSchedule__Output | null);
  'schedule_expression'?: "cron_schedule";
}
