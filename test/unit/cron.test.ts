import { describe, expect, test } from '@jest/globals';
import { CronSyntaxError, nextFireTimes, parseCron } from '../../src/config/cron.js';

/** The reason `parseCron` gives for refusing `expression`. */
function refusal(expression: string): string {
  try {
    parseCron(expression);
  } catch (error) {
    expect(error).toBeInstanceOf(CronSyntaxError);
    if (error instanceof CronSyntaxError) {
      expect(error.expression).toBe(expression);
      expect(error.message).toBe(`"${expression}" is not a cron expression: ${error.reason}`);
      return error.reason;
    }
  }
  throw new Error(`"${expression}" was accepted`);
}

const FIVE_FIELDS =
  'expected 5 fields (minute hour day-of-month month day-of-week) or one of @hourly, @daily, @weekly, @monthly, @yearly';

describe('parseCron', () => {
  test('five fields of the wrong kind are refused, naming the field', () => {
    expect(refusal('a b c d e')).toBe('minute "a" is not valid (0-59, *, lists a,b, ranges a-b, steps */n)');
    expect(refusal('0 3 x * *')).toMatch(/^day-of-month "x" is not valid/);
  });

  test('a value out of its field’s range is refused, naming the field and the range', () => {
    expect(refusal('61 * * * *')).toBe('minute "61" is out of range (0-59)');
    expect(refusal('0 24 * * *')).toBe('hour "24" is out of range (0-23)');
    expect(refusal('0 3 * 13 *')).toBe('month "13" is out of range (1-12 or JAN-DEC)');
    expect(refusal('0 3 * * 8')).toBe('day-of-week "8" is out of range (0-7 or SUN-SAT)');
  });

  test('a wrong number of fields, or an unknown macro, is refused', () => {
    expect(refusal('* * * *')).toBe(`found 4 fields, ${FIVE_FIELDS}`);
    expect(refusal('0 * * * * *')).toBe(`found 6 fields, ${FIVE_FIELDS}`);
    expect(refusal('')).toBe(`found 0 fields, ${FIVE_FIELDS}`);
    expect(refusal('@reboot')).toBe(`unknown macro @reboot, ${FIVE_FIELDS}`);
  });

  test('an expression that never fires is refused', () => {
    expect(refusal('0 0 30 2 *')).toMatch(/never fires/);
  });

  test('steps, lists, ranges, names and macros are accepted', () => {
    for (const expression of ['*/5 * * * *', '0 3 * * *', '0,30 9-17 * * MON-FRI', '0 0 L * *', '@daily']) {
      expect(parseCron(expression).expression).toBe(expression);
    }
    expect(parseCron('  0   3 * * *  ').expression).toBe('0 3 * * *');
  });
});

describe('next fire times', () => {
  const after = new Date('2024-01-01T00:02:00Z');

  test('every five minutes: the next ones strictly after the given time, in UTC', () => {
    expect(nextFireTimes('*/5 * * * *', 3, after).map((d) => d.toISOString())).toEqual([
      '2024-01-01T00:05:00.000Z',
      '2024-01-01T00:10:00.000Z',
      '2024-01-01T00:15:00.000Z',
    ]);
    expect(parseCron('*/5 * * * *').nextFireTime(new Date('2024-01-01T00:05:00Z'))?.toISOString()).toBe(
      '2024-01-01T00:10:00.000Z',
    );
  });

  test('daily at 03:00, on weekdays, and the @monthly macro', () => {
    expect(nextFireTimes('0 3 * * *', 2, after).map((d) => d.toISOString())).toEqual([
      '2024-01-01T03:00:00.000Z',
      '2024-01-02T03:00:00.000Z',
    ]);
    // 2024-01-05 is a Friday: the next weekday mornings are Friday and Monday.
    expect(
      nextFireTimes('0 9 * * MON-FRI', 2, new Date('2024-01-05T08:00:00Z')).map((d) => d.toISOString()),
    ).toEqual(['2024-01-05T09:00:00.000Z', '2024-01-08T09:00:00.000Z']);
    expect(nextFireTimes('@monthly', 2, after).map((d) => d.toISOString())).toEqual([
      '2024-02-01T00:00:00.000Z',
      '2024-03-01T00:00:00.000Z',
    ]);
  });

  test('an expression that is not one throws CronSyntaxError', () => {
    expect(() => nextFireTimes('61 * * * *', 1)).toThrow(CronSyntaxError);
  });
});
