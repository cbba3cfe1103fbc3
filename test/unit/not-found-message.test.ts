import { describe, expect, test } from '@jest/globals';
import { closestNames } from '../../src/api/names.js';
import { transportCause } from '../../src/client/errors.js';
import { type MissingEntity, notFoundMessage } from '../../src/client/not-found.js';

const lp = (name: string, version?: string): MissingEntity => ({
  kind: 'launch plan',
  project: 'default',
  domain: 'development',
  name,
  ...(version ? { version } : {}),
});

describe('closest names', () => {
  test('a name without its file prefix, or with another one, is closest; then a few edits', () => {
    const names = ['wf.add_one_wf', 'wf.add_two_wf', 'other.report', 'pipeline.fan'];
    expect(closestNames('add_one_wf', names).likely).toEqual(['wf.add_one_wf']);
    expect(closestNames('wf.add_one', names).likely).toEqual(['wf.add_one_wf']);
    expect(closestNames('etl.add_one_wf', names).likely[0]).toBe('wf.add_one_wf');
    expect(closestNames('wf.add_one_fw', names).likely[0]).toBe('wf.add_one_wf');
    expect(closestNames('zzzz', names).likely).toEqual([]);
    expect(closestNames('zzzz', names).closest).toHaveLength(3);
  });
});

describe('not-found messages', () => {
  test('an unknown name is not found, with what exists near it', () => {
    const names = ['wf.add_one_wf', 'a.b', 'c.d', 'e.f'];
    const near = { nameExists: false, names, versions: [] };
    expect(notFoundMessage(lp('add_one_wf'), near)).toBe(
      'launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?',
    );
    expect(notFoundMessage(lp('add_one_wf', 'v1'), near)).toBe(
      'launch plan "add_one_wf" not found in default/development; did you mean "wf.add_one_wf"?',
    );
    expect(notFoundMessage(lp('zzzzzzzzzz'), { ...near, names: ['wf.add_one_wf'] })).toBe(
      'launch plan "zzzzzzzzzz" not found in default/development, which has only "wf.add_one_wf"',
    );
    expect(notFoundMessage(lp('zzzzzzzzzz'), near)).toMatch(
      /^launch plan "zzzzzzzzzz" not found in default\/development; the closest of its 4 launch plans are "[^"]+", "[^"]+" and "[^"]+"$/,
    );
    expect(notFoundMessage(lp('x'), { ...near, names: [] })).toBe(
      'launch plan "x" not found in default/development, which has no launch plans',
    );
  });

  test('a known name without the version asked for names the version and the newest ones', () => {
    expect(notFoundMessage(lp('wf.a', 'v9'), { nameExists: true, names: [], versions: ['v2', 'v1'] })).toBe(
      'launch plan "wf.a" version "v9" not found in default/development; its newest versions are "v2" and "v1"',
    );
    expect(notFoundMessage(lp('wf.a', 'v9'), undefined)).toBe(
      'launch plan "wf.a" version "v9" not found in default/development',
    );
  });
});

describe('transport causes', () => {
  test('grpc-js details become plain words, without the address, prefixes or timestamps', () => {
    const endpoint = 'dns:///127.0.0.1:4000';
    const refused =
      'round_robin: No connection established. Last error: No connection established. Last error: ' +
      'Error: connect ECONNREFUSED 127.0.0.1:4000. Resolution note: ';
    expect(transportCause(refused, endpoint)).toBe('the connection was refused');
    expect(transportCause('Name resolution failed for target dns:///nosuch.invalid:1', endpoint)).toBe(
      'its host name does not resolve',
    );
    expect(
      transportCause(
        'round_robin: No connection established. Last error: Error: something odd at 127.0.0.1:4000 (2026-11-27T01:42:14.409Z). Resolution note: ',
        endpoint,
      ),
    ).toBe('something odd at that address');
  });
});
