import { describe, expect, test } from '@jest/globals';
import { differingPaths } from '../../../src/server/services/messages.js';
import {
  executionPhase,
  nodePhase,
  storedMessage,
  storedStrings,
} from '../../../src/server/services/stored.js';

describe('decoding what the admin database holds', () => {
  test('a JSON column holds an object; anything else is a server fault naming the column and its message', () => {
    const error = 'orch.core.v1.ExecutionError';
    expect(storedMessage(error, '{"code":"E"}', 'executions.error')).toEqual({ code: 'E' });
    for (const text of ['[]', 'null', '"text"', '3']) {
      expect(() => storedMessage(error, text, 'executions.error')).toThrow(
        /^executions\.error \(orch\.core\.v1\.ExecutionError\) does not hold a JSON object/,
      );
    }
    expect(() => storedMessage(error, '{', 'executions.error')).toThrow(SyntaxError);
    expect(storedStrings('{"team":"data"}', 'projects.labels')).toEqual({ team: 'data' });
    expect(() => storedStrings('{"n":3}', 'projects.labels')).toThrow(
      /^projects\.labels holds a number at "n"/,
    );
  });

  test('phases are names of their enums', () => {
    expect(executionPhase('SUCCEEDING')).toBe('SUCCEEDING');
    expect(nodePhase('SKIPPED')).toBe('SKIPPED');
    expect(() => executionPhase('SKIPPED')).toThrow(/^executions\.phase holds "SKIPPED"/);
    expect(() => nodePhase('SUCCEEDING', 'task_attempts.phase')).toThrow(/^task_attempts\.phase/);
    // Only the enum's own names, never what every object has.
    expect(() => executionPhase('toString')).toThrow(/not a known value/);
  });
});

describe('differingPaths', () => {
  test('names the differing fields of objects and arrays, sorted', () => {
    expect(differingPaths({ b: 1, a: { x: [1, 2] } }, { a: { x: [1, 3] }, b: 1, c: null })).toEqual([
      'a.x[1]',
    ]);
    expect(differingPaths({ a: 1 }, { a: 1, c: 2 })).toEqual(['c']);
    expect(differingPaths([1], { 0: 1 })).toEqual(['(root)']);
  });
});
