// Original file: proto/orch/admin/v1/launch_plan.proto


/**
 * A schedule written as a cron expression.
 */
export interface CronSchedule {
  /**
   * A cron expression, e.g. `* /5 * * * *` (src/config/cron.ts says which forms are accepted).
   */
  'schedule'?: (string);
}

/**
 * A schedule written as a cron expression.
 */
export interface CronSchedule__Output {
  /**
   * A cron expression, e.g. `* /5 * * * *` (src/config/cron.ts says which forms are accepted).
   */
  'schedule': (string);
}
