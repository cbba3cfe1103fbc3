import { describe, expect, test } from '@jest/globals';
import { DurationSyntaxError, formatDuration, parseDuration } from '../../src/api/duration.js';

describe('Go-style durations', () => {
  test.each([
    ['15s', 15],
    ['1h0m0s', 3600],
    ['1m30s', 90],
    ['1.5s', 1.5],
    ['250ms', 0.25],
    ['2h45m', 9900],
  ])('%s is %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toBeCloseTo(seconds, 9);
  });

  test.each(['', '15', 'abc', '1x', '-'])('%j is rejected', (text) => {
    expect(() => parseDuration(text)).toThrow(DurationSyntaxError);
  });

  test.each([
    [3600, '1h0m0s'],
    [15, '15s'],
    [90, '1m30s'],
  ])('%d seconds formats as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});
