import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { cpuMillis, parseQuantity, QuantitySyntaxError } from '../../src/config/quantity.js';

// Properties of the Kubernetes-style quantities of src/config/quantity.ts: parseQuantity reads
// `6Mi`, `1.5Gi`, `500k`, `1048576` into a whole number of bytes, rounded up; anything else (negative
// numbers among them) throws QuantitySyntaxError. cpuMillis reads CPU quantities into millicores.

const BINARY = [
  ['Ki', 10n],
  ['Mi', 20n],
  ['Gi', 30n],
  ['Ti', 40n],
  ['Pi', 50n],
  ['Ei', 60n],
] as const;
const DECIMAL = [
  ['k', 3n],
  ['M', 6n],
  ['G', 9n],
  ['T', 12n],
  ['P', 15n],
  ['E', 18n],
] as const;

/** Every suffix with its multiplier, exact. */
const SUFFIXES: readonly (readonly [string, bigint])[] = [
  ['', 1n],
  ...BINARY.map(([suffix, power]) => [suffix, 2n ** power] as const),
  ...DECIMAL.map(([suffix, power]) => [suffix, 10n ** power] as const),
];

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * 1 TiB: the largest size the decimal properties look at. Above about 2^45 bytes a double holds
 * too few fraction bits for "rounded up" to survive (3777.316Ti comes out one byte low).
 */
const TIB = 2n ** 40n;

/** `scaled / 10^decimals` written with exactly `decimals` digits after the point. */
function decimalText(scaled: bigint, decimals: number): string {
  const digits = scaled.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A decimal number (1 to 3 decimals) with one of `suffixes`, the product at most {@link TIB}: its
 * text, and its exact value as `scaled / scale` times `multiplier`.
 */
const decimalWith = (suffixes: readonly (readonly [string, bigint])[]) =>
  fc.constantFrom(...suffixes).chain(([suffix, multiplier]) =>
    fc.integer({ min: 1, max: 3 }).chain((decimals) => {
      const scale = 10n ** BigInt(decimals);
      return fc.bigInt({ min: 0n, max: (TIB * scale) / multiplier }).map((scaled) => ({
        text: `${decimalText(scaled, decimals)}${suffix}`,
        scaled,
        scale,
        multiplier,
      }));
    }),
  );

/** ceil(a / b) for non-negative BigInts. */
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

describe('parseQuantity (properties)', () => {
  test('a whole number with any suffix is that number times the suffix multiplier', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUFFIXES),
        fc.bigInt({ min: 0n, max: MAX_SAFE }),
        ([suffix, multiplier], n) => {
          const count = n / multiplier; // keeps the product a safe integer
          expect(parseQuantity(`${count}${suffix}`)).toBe(Number(count * multiplier));
        },
      ),
    );
  });

  test('a decimal number with a binary suffix is the exact product, rounded up (sizes up to 1 TiB)', () => {
    fc.assert(
      fc.property(
        decimalWith(SUFFIXES.filter(([s]) => s.endsWith('i'))),
        ({ text, scaled, scale, multiplier }) => {
          expect(parseQuantity(text)).toBe(Number(ceilDiv(scaled * multiplier, scale)));
        },
      ),
    );
  });

  test('a decimal number with a decimal suffix is never fewer bytes than written (sizes up to 1 TiB)', () => {
    fc.assert(
      fc.property(
        decimalWith(SUFFIXES.filter(([s]) => !s.endsWith('i'))),
        ({ text, scaled, scale, multiplier }) => {
          expect(parseQuantity(text)).toBeGreaterThanOrEqual(Number(ceilDiv(scaled * multiplier, scale)));
        },
      ),
    );
  });

  // Taken in floating point, 2.007 x 1000 is 2007.0000000000002 and rounds up to 2008: the product is
  // computed in integers instead.
  test('a decimal number with a decimal suffix is the exact product when that is whole (2.007k is 2007)', () => {
    expect(parseQuantity('2.007k')).toBe(2007);
  });

  test('surrounding whitespace is ignored', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SUFFIXES),
        fc.nat(1000),
        fc.constantFrom(' ', '\t', '\n '),
        ([suffix], n, space) => {
          expect(parseQuantity(`${space}${n}${suffix}${space}`)).toBe(parseQuantity(`${n}${suffix}`));
        },
      ),
    );
  });

  test('negative numbers, unknown suffixes, exponents and inner spaces throw QuantitySyntaxError', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.constantFrom(...SUFFIXES.map(([suffix]) => suffix)),
        fc.constantFrom('KB', 'kb', 'ki', 'mi', 'K', 'm', 'B', 'KiB', 'iB', 'x', 'e3'),
        (n, suffix, unknown) => {
          for (const bad of [
            `-${n}${suffix}`,
            `+${n}${suffix}`,
            `${n}${unknown}`,
            `${n} ${suffix || 'Ki'}`,
            `${n}.${suffix}`,
            `.${n}${suffix}`,
            `${suffix || 'Ki'}${n}`,
            `${n}${suffix || 'k'}${suffix || 'k'}`,
          ]) {
            expect(() => parseQuantity(bad)).toThrow(QuantitySyntaxError);
          }
        },
      ),
    );
  });

  test('any text either parses to a whole number of bytes or throws QuantitySyntaxError', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-+ kKMGTPEimx'.split('')) }), (text) => {
        let value: number;
        try {
          value = parseQuantity(text);
        } catch (error) {
          expect(error).toBeInstanceOf(QuantitySyntaxError);
          if (error instanceof QuantitySyntaxError) expect(error.text).toBe(text);
          return;
        }
        expect(Number.isInteger(value) || value === Number.POSITIVE_INFINITY).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('cpuMillis (properties)', () => {
  test('cores with up to three decimals are that many thousandths; `<n>m` is n millicores', () => {
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.stringMatching(/^[0-9]{0,3}$/),
        fc.nat(1_000_000),
        (whole, fraction, millis) => {
          const cores = fraction ? `${whole}.${fraction}` : `${whole}`;
          expect(cpuMillis(cores)).toBe(whole * 1000 + Number(fraction.padEnd(3, '0')));
          expect(cpuMillis(`${millis}m`)).toBe(millis);
        },
      ),
    );
  });

  test('text that is not a CPU quantity gives undefined', () => {
    fc.assert(
      fc.property(fc.nat(1000), (n) => {
        for (const bad of [`-${n}`, `${n}.1234`, `${n}Mi`, `${n}M`, `${n} m`, `m${n}`, `${n}.5m`]) {
          expect(cpuMillis(bad)).toBeUndefined();
        }
      }),
    );
  });
});
