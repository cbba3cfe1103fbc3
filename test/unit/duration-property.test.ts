import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { DurationSyntaxError, formatDuration, parseDuration } from '../../src/api/duration.js';

// Properties of the Go-style durations of src/api/duration.ts: parseDuration reads `1h0m0s`, `15s`,
// `250ms`, `1.5h` (any units, in any order, with an optional sign) into seconds; formatDuration prints
// seconds the way Go prints a duration.

/** Each unit with its length in nanoseconds (whole, so sums stay exact as BigInts). */
const UNITS = [
  ['h', 3_600_000_000_000n],
  ['m', 60_000_000_000n],
  ['s', 1_000_000_000n],
  ['ms', 1_000_000n],
  ['us', 1_000n],
  ['µs', 1_000n],
  ['ns', 1n],
] as const;

/** One `<number><unit>` part: a whole or decimal number (up to 3 decimals) and a unit. */
const part = fc
  .record({
    scaled: fc.bigInt({ min: 0n, max: 10_000_000n }),
    decimals: fc.integer({ min: 0, max: 3 }),
    unit: fc.constantFrom(...UNITS),
  })
  .map(({ scaled, decimals, unit: [unit, ns] }) => {
    const digits = scaled.toString().padStart(decimals + 1, '0');
    const number = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
    // value in nanoseconds x 1000 (3 decimals at most), exact
    return { text: `${number}${unit}`, nsTimes1000: (scaled * ns * 1000n) / 10n ** BigInt(decimals) };
  });

/** `actual` equals `expected` up to floating-point rounding (relative 1e-12, absolute 1e-15 s). */
function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= Math.max(1e-15, Math.abs(expected) * 1e-12);
}

const WHOLE_SECONDS = fc.integer({ min: -100_000_000, max: 100_000_000 });

describe('parseDuration and formatDuration (properties)', () => {
  test('any whole number of seconds formats and parses back to itself', () => {
    fc.assert(
      fc.property(WHOLE_SECONDS, (seconds) => {
        expect(parseDuration(formatDuration(seconds))).toBe(seconds);
      }),
    );
  });

  test('any whole number of milliseconds formats and parses back to the same millisecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000_000, max: 100_000_000_000 }), (ms) => {
        expect(Math.round(parseDuration(formatDuration(ms / 1000)) * 1000)).toBe(ms);
      }),
    );
  });

  test('any whole number of nanoseconds (up to 11 days) formats and parses back to the same nanosecond', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 }), (ns) => {
        expect(Math.round(parseDuration(formatDuration(ns / 1e9)) * 1e9)).toBe(ns);
      }),
    );
  });

  test('whole seconds print as Go does: h, m and s from the largest unit on, each below 60 after h', () => {
    fc.assert(
      fc.property(WHOLE_SECONDS, (seconds) => {
        const text = formatDuration(seconds);
        const size = Math.abs(seconds);
        const below60 = '(?:[0-9]|[1-5][0-9])';
        const pattern =
          size === 0
            ? /^0s$/
            : size >= 3600
              ? new RegExp(`^-?[1-9][0-9]*h${below60}m${below60}s$`)
              : size >= 60
                ? new RegExp(`^-?[1-5]?[0-9]m${below60}s$`)
                : new RegExp(`^-?${below60}s$`);
        expect(text).toMatch(pattern);
        expect(text.startsWith('-')).toBe(seconds < 0);
      }),
    );
  });

  test('a duration composed of parts (any units, repeated, in any order) is the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.map((p) => p.text).join('');
        const totalNsTimes1000 = parts.reduce((sum, p) => sum + p.nsTimes1000, 0n);
        const expected = Number(totalNsTimes1000) / 1e12;
        expect(close(parseDuration(text), expected)).toBe(true);
      }),
    );
  });

  test('a leading - negates, a leading + changes nothing, surrounding whitespace is ignored', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', ' ', '\t', '  \n'),
        (parts, space) => {
          const text = parts.map((p) => p.text).join('');
          const value = parseDuration(text);
          expect(parseDuration(`-${text}`)).toBe(-value);
          expect(parseDuration(`+${text}`)).toBe(value);
          expect(parseDuration(`${space}${text}${space}`)).toBe(value);
        },
      ),
    );
  });

  test('a bare number other than 0 throws DurationSyntaxError (it needs a unit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000 }), fc.constantFrom('', '-', '+'), (n, sign) => {
        expect(() => parseDuration(`${sign}${n}`)).toThrow(DurationSyntaxError);
        expect(() => parseDuration(`${sign}${n}.5`)).toThrow(DurationSyntaxError);
      }),
    );
  });

  test('an unknown unit, an inner space, a second sign or a unit without a number throws DurationSyntaxError', () => {
    fc.assert(
      fc.property(
        fc.array(part, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('d', 'w', 'y', 'sec', 'min', 'hr', 'H', 'S', 'M', 'Ms', 'mss', 'x'),
        (parts, unit) => {
          const text = parts.map((p) => p.text).join('');
          for (const bad of [
            `${text}1${unit}`,
            `${text} ${text}`,
            `--${text}`,
            `+-${text}`,
            `${text}-`,
            `h${text}`,
            `ms${text}`,
          ]) {
            expect(() => parseDuration(bad)).toThrow(DurationSyntaxError);
          }
        },
      ),
    );
  });

  test('any text either parses to a number or throws DurationSyntaxError, never another error', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.+-hmsuµn x\t'.split('')) }), (text) => {
        let value: unknown;
        try {
          value = parseDuration(text);
        } catch (error) {
          expect(error).toBeInstanceOf(DurationSyntaxError);
          if (error instanceof DurationSyntaxError) expect(error.text).toBe(text);
          return;
        }
        expect(typeof value).toBe('number');
        expect(Number.isNaN(value)).toBe(false);
      }),
    );
  });
});
