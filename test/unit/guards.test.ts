import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, test } from '@jest/globals';
import { errorCode, errorMessage, isOneOf, isRecord, property } from '../../src/api/guards.js';

/** An error thrown by Node's own fs module (from another realm under Jest's VM modules). */
function fsError(): unknown {
  try {
    readFileSync('/no/such/file/for/guards');
  } catch (error) {
    return error;
  }
  throw new Error('reading a missing file did not fail');
}

describe('type guards at untyped edges', () => {
  test('isRecord holds for mappings only', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('text')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });

  test('property reads objects and arrays, and nothing else', () => {
    expect(property({ a: 1 }, 'a')).toBe(1);
    expect(property([7], 0)).toBe(7);
    expect(property(new Error('boom'), 'message')).toBe('boom');
    expect(property(null, 'a')).toBeUndefined();
    expect(property('text', 'length')).toBeUndefined();
    expect(property(undefined, 'a')).toBeUndefined();
  });

  test('errorMessage and errorCode read errors of any realm by their properties', () => {
    const foreign = runInNewContext('new Error("from elsewhere")');
    expect(errorMessage(foreign)).toBe('from elsewhere');
    const error = fsError();
    expect(errorCode(error)).toBe('ENOENT');
    expect(errorMessage(error)).toMatch(/^ENOENT: no such file or directory/);
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage({ message: 42 })).toBe('[object Object]');
    expect(errorCode({ code: 1 })).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });

  test('isOneOf narrows to the listed values', () => {
    const colours = ['red', 'green'] as const;
    expect(isOneOf(colours, 'red')).toBe(true);
    expect(isOneOf(colours, 'blue')).toBe(false);
    expect(isOneOf(colours, undefined)).toBe(false);
  });
});
