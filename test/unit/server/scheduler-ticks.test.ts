import { describe, expect, test } from '@jest/globals';
import { CronSyntaxError } from '../../../src/config/cron.js';
import {
  dueTick,
  fireTimes,
  scheduledExecutionName,
  schedulerSettings,
} from '../../../src/server/executor/scheduler.js';
import { NAME_PATTERN } from '../../../src/server/services/requests.js';

// The tick rules of the scheduler (src/server/executor/scheduler.ts): the latest fire time at or
// before now, never before the activation, never one already taken.

const at = (iso: string) => Date.parse(iso);
const key = { project: 'p', domain: 'development', name: 'lp', version: 'v1' };

describe('fireTimes().latest', () => {
  test('is the latest fire time at or before now, now included', () => {
    const everyMinute = fireTimes('* * * * *');
    expect(everyMinute.latest(at('2030-01-01T10:01:00.000Z'))).toBe(at('2030-01-01T10:01:00.000Z'));
    expect(everyMinute.latest(at('2030-01-01T10:00:59.999Z'))).toBe(at('2030-01-01T10:00:00.000Z'));
    expect(everyMinute.latest(at('2030-01-01T10:01:00.001Z'))).toBe(at('2030-01-01T10:01:00.000Z'));
  });

  test('macros and sparse expressions', () => {
    expect(fireTimes('@daily').latest(at('2030-01-05T10:00:00Z'))).toBe(at('2030-01-05T00:00:00Z'));
    expect(fireTimes('0 0 29 2 *').latest(at('2030-01-05T10:00:00Z'))).toBe(at('2028-02-29T00:00:00Z'));
    expect(fireTimes('*/15 3 * * *').latest(at('2030-01-05T03:44:10Z'))).toBe(at('2030-01-05T03:30:00Z'));
  });

  test('next() is the first fire time strictly after its argument', () => {
    const hourly = fireTimes('@hourly');
    expect(hourly.next(at('2030-01-01T10:00:00Z'))).toBe(at('2030-01-01T11:00:00Z'));
    expect(hourly.next(at('2030-01-01T09:59:59.999Z'))).toBe(at('2030-01-01T10:00:00Z'));
  });

  test('a bad expression throws CronSyntaxError', () => {
    expect(() => fireTimes('61 * * * *')).toThrow(CronSyntaxError);
    expect(() => fireTimes('@never')).toThrow(CronSyntaxError);
  });
});

describe('dueTick', () => {
  const everyMinute = fireTimes('* * * * *');

  test('activated at 10:00:30: nothing until 10:01, then 10:01', () => {
    const activatedAt = at('2030-01-01T10:00:30Z');
    const due = (now: string) => dueTick(everyMinute, { activatedAt, lastTickAt: undefined, now: at(now) });
    expect(due('2030-01-01T10:00:30Z')).toBeUndefined();
    expect(due('2030-01-01T10:00:59.999Z')).toBeUndefined();
    expect(due('2030-01-01T10:01:00Z')).toBe(at('2030-01-01T10:01:00Z'));
  });

  test('a tick already taken does not fire again; the next one does', () => {
    const state = { activatedAt: 0, lastTickAt: at('2030-01-01T10:01:00Z') };
    expect(dueTick(everyMinute, { ...state, now: at('2030-01-01T10:01:40Z') })).toBeUndefined();
    expect(dueTick(everyMinute, { ...state, now: at('2030-01-01T10:02:05Z') })).toBe(
      at('2030-01-01T10:02:00Z'),
    );
  });

  test('after a gap only the latest missed tick is due', () => {
    const state = { activatedAt: 0, lastTickAt: at('2030-01-01T10:01:00Z') };
    expect(dueTick(everyMinute, { ...state, now: at('2030-01-01T10:11:30Z') })).toBe(
      at('2030-01-01T10:11:00Z'),
    );
  });

  test('a tick exactly at the activation fires', () => {
    const activatedAt = at('2030-01-01T10:00:00Z');
    expect(dueTick(everyMinute, { activatedAt, lastTickAt: undefined, now: activatedAt })).toBe(activatedAt);
  });
});

describe('scheduledExecutionName', () => {
  test('is a valid execution name, the same for the same tick, different across ticks and versions', () => {
    const name = scheduledExecutionName(key, at('2030-01-01T10:01:00Z'));
    expect(name).toMatch(NAME_PATTERN);
    expect(name).toHaveLength(20);
    expect(name.startsWith('s-')).toBe(true);
    expect(scheduledExecutionName({ ...key }, at('2030-01-01T10:01:00Z'))).toBe(name);
    expect(scheduledExecutionName(key, at('2030-01-01T10:02:00Z'))).not.toBe(name);
    expect(scheduledExecutionName({ ...key, version: 'v2' }, at('2030-01-01T10:01:00Z'))).not.toBe(name);
  });
});

describe('schedulerSettings', () => {
  test('reads the interval as a duration and refuses a non-positive one naming the flag', () => {
    expect(schedulerSettings({ enabled: true, interval: '10s' })).toEqual({
      enabled: true,
      intervalMs: 10_000,
    });
    expect(schedulerSettings({ enabled: false, interval: '1m0s' }).intervalMs).toBe(60_000);
    expect(() => schedulerSettings({ enabled: true, interval: '0s' })).toThrow(
      /--server\.scheduler\.interval/,
    );
  });
});
