import { describe, expect, test } from '@jest/globals';
import { compileWorkflowFile, loadWorkflowFile } from '../../../src/registration/index.js';
import { ADD_ONE, problemsOf, writeWorkflowFile } from './files.js';

/** ADD_ONE with a scheduled launch plan on `cron` (its input fixed, as a schedule needs). */
const scheduled = (cron: string) =>
  `${ADD_ONE}launch_plans:\n  nightly: { workflow: add_one_wf, fixed_inputs: { x: 1 }, schedule: { cron: "${cron}" } }\n`;

/** Line and column of the cron value in {@link scheduled}'s text. */
const where = (cron: string) => {
  const lines = scheduled(cron).split('\n');
  const line = lines.findIndex((l) => l.includes('schedule:'));
  return `${line + 1}:${(lines[line] ?? '').indexOf(`"${cron}"`) + 1}`;
};

describe('cron schedules of launch plans', () => {
  test.each([
    ['a b c d e', 'minute "a" is not valid'],
    ['61 * * * *', 'minute "61" is out of range (0-59)'],
    ['* * * *', 'found 4 fields, expected 5 fields (minute hour day-of-month month day-of-week)'],
  ])('"%s" is refused at its line and column: %s', async (cron, reason) => {
    const problems = await problemsOf(scheduled(cron));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `${where(cron)}: launch_plans.nightly.schedule.cron: "${cron}" is not a cron expression: ${reason}`,
    );
  });

  test('"*/5 * * * *" is accepted and compiled as the launch plan’s cron schedule', async () => {
    const file = await loadWorkflowFile(await writeWorkflowFile(scheduled('*/5 * * * *')));
    const compiled = compileWorkflowFile(file, { project: 'p', domain: 'd' }, 'v1');
    const plan = compiled.launchPlans.find((l) => l.id.name === 'wf.nightly');
    expect(plan?.spec.schedule).toEqual({ cron_schedule: { schedule: '*/5 * * * *' } });
  });
});
