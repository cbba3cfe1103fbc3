import { describe, expect, test } from '@jest/globals';
import { generateExecutionName } from '../../src/server/services/admin.js';

describe('generated execution names', () => {
  test('are 20 lowercase characters from a letter, distinct, and use the whole alphabet', () => {
    // 5,000 names draw about 100 KiB, so the 4 KiB pool of random bytes is refilled many times.
    const names = Array.from({ length: 5000 }, () => generateExecutionName());
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]{19}$/);
    expect(new Set(names).size).toBe(names.length);
    const seen = new Set(names.flatMap((name) => [...name.slice(1)]));
    expect([...seen].sort().join('')).toBe('0123456789abcdefghijklmnopqrstuvwxyz');
    // Uniform: each of the 36 characters is about 1/36 of the 95,000 after the first (2,639 expected,
    // standard deviation 51); a byte taken modulo 36 would give a to d about 2,969 each.
    const counts = new Map<string, number>();
    for (const name of names) for (const c of name.slice(1)) counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const count of counts.values()) expect(Math.abs(count - 95000 / 36)).toBeLessThan(250);
  });
});
