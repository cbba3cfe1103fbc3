// Original file: proto/orch/admin/v1/launch_plan.proto

import type { CronSchedule as _orch_admin_v1_CronSchedule, CronSchedule__Output as _orch_admin_v1_CronSchedule__Output } from '../../../orch/admin/v1/CronSchedule.js';

/**
 * When the active version of a launch plan launches by itself.
 */
export interface Schedule {
  /**
   * A cron expression.
   */
  'cron_schedule'?: (_orch_admin_v1_CronSchedule | null);
  /**
   * How the schedule is written.
   */
  'schedule_expression'?: "cron_schedule";
}

/**
 * When the active version of a launch plan launches by itself.
 */
export interface Schedule__Output {
  /**
   * A cron expression.
   */
  'cron_schedule'?: (_orch_admin_v1_CronSchedule__Output | null);
  /**
   * How the schedule is written.
   */
  'schedule_expression'?: "cron_schedule";
}
