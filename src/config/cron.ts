import { Cron } from 'croner';
import { errorMessage } from '../api/guards.js';

/** The macros a schedule may use instead of five fields (`@midnight` and `@annually` are aliases). */
const MACROS = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** The five fields of a cron expression, in order, with the values each takes. */
const FIELDS = [
  { name: 'minute', values: '0-59' },
  { name: 'hour', values: '0-23' },
  { name: 'day-of-month', values: '1-31, L or nW' },
  { name: 'month', values: '1-12 or JAN-DEC' },
  { name: 'day-of-week', values: '0-7 or SUN-SAT' },
] as const;

const EXPECTED =
  '5 fields (minute hour day-of-month month day-of-week) or one of @hourly, @daily, @weekly, @monthly, @yearly';

/** Thrown by {@link parseCron} (and {@link nextFireTimes}) for text that is not a cron expression. */
export class CronSyntaxError extends Error {
  constructor(
    /** The expression as it was given. */
    readonly expression: string,
    /** What is wrong with it, in the fields' terms (`minute "61" is out of range (0-59)`). */
    readonly reason: string,
  ) {
    super(`"${expression}" is not a cron expression: ${reason}`);
    this.name = 'CronSyntaxError';
  }
}

/** A parsed cron schedule: when it fires. Times are in UTC, at whole minutes. */
export interface CronSchedule {
  /** The expression with its fields separated by single spaces (`0 3 * * *`, `@daily`). */
  readonly expression: string;
  /** The next `count` fire times strictly after `after` (default: now), earliest first. */
  nextFireTimes(count: number, after?: Date): Date[];
  /** The first fire time strictly after `after` (default: now). */
  nextFireTime(after?: Date): Date | undefined;
}

/**
 * Parses a launch plan's cron expression (`schedule.cron` of a workflow file, `cron_schedule.schedule`
 * of the API): five fields (minute hour day-of-month month day-of-week, with `*`, lists `a,b`, ranges
 * `a-b`, steps `*\/n` and `a-b/n`, month and weekday names, `L`, `nW`, `DAY#n`) or one of the macros
 * `@hourly`, `@daily` (`@midnight`), `@weekly`, `@monthly`, `@yearly` (`@annually`). Times are UTC.
 * Parsing is croner's; this adds the field count check and messages that name the bad field.
 * @throws CronSyntaxError when the expression has the wrong number of fields, a field that is not
 * valid or out of range, or never fires (such as `0 0 30 2 *`).
 */
export function parseCron(expression: string): CronSchedule {
  const fields = expression.trim().split(/\s+/).filter(Boolean);
  const [first] = fields;
  const macro = fields.length === 1 && first?.startsWith('@') ? first : undefined;
  if (macro !== undefined && !MACROS.has(macro)) {
    throw new CronSyntaxError(expression, `unknown macro ${first}, expected ${EXPECTED}`);
  }
  if (macro === undefined && fields.length !== 5) {
    throw new CronSyntaxError(
      expression,
      `found ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}, expected ${EXPECTED}`,
    );
  }
  const pattern = macro ?? fields.join(' ');
  let cron: Cron;
  try {
    cron = compile(pattern);
  } catch (error) {
    throw new CronSyntaxError(expression, (macro ? undefined : fieldProblem(fields)) ?? cronerReason(error));
  }
  if (cron.nextRun() === null) {
    throw new CronSyntaxError(expression, 'it never fires (no date matches its day-of-month and month)');
  }
  return {
    expression: pattern,
    nextFireTimes: (count, after = new Date()) => cron.nextRuns(count, after),
    nextFireTime: (after = new Date()) => cron.nextRun(after) ?? undefined,
  };
}

/**
 * The next `count` times a cron expression fires strictly after `after` (default: now), in UTC,
 * earliest first: what a scheduler waits for and what a console shows as "next run".
 * @throws CronSyntaxError when `expression` is not one (see {@link parseCron}).
 */
export function nextFireTimes(expression: string, count: number, after: Date = new Date()): Date[] {
  return parseCron(expression).nextFireTimes(count, after);
}

/** croner's job for a 5-field pattern or macro, never started. @throws croner's error when it refuses it. */
function compile(pattern: string): Cron {
  return new Cron(pattern, { paused: true, mode: '5-part', timezone: 'UTC' });
}

/** croner's reason for refusing a pattern, without its `CronPattern: ` prefix and final period. */
function cronerReason(error: unknown): string {
  const message = errorMessage(error);
  return message.replace(/^CronPattern:\s*/, '').replace(/\.$/, '');
}

/**
 * The first field croner refuses on its own (every other field `*`), said in the field's terms;
 * undefined when each field is fine alone.
 */
function fieldProblem(fields: string[]): string | undefined {
  for (const [index, field] of FIELDS.entries()) {
    const text = fields[index];
    if (text === undefined) continue;
    const alone = FIELDS.map((_, i) => (i === index ? text : '*')).join(' ');
    try {
      compile(alone);
    } catch (error) {
      // croner throws a RangeError for a value out of range, a TypeError for anything else.
      return error instanceof Error && error.name === 'RangeError'
        ? `${field.name} "${text}" is out of range (${field.values})`
        : `${field.name} "${text}" is not valid (${field.values}, *, lists a,b, ranges a-b, steps */n)`;
    }
  }
  return undefined;
}
