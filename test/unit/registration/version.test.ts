import { createHash } from 'node:crypto';
import { describe, expect, test } from '@jest/globals';
import { canonicalJson } from '../../../src/api/canonical.js';
import { computeVersion, loadWorkflowFile, versionOf } from '../../../src/registration/index.js';
import { ADD_ONE, writeWorkflowFile } from './files.js';

const versionOfText = async (text: string, name = 'wf.yaml') =>
  versionOf(await loadWorkflowFile(await writeWorkflowFile(text, name)));

describe('computed version', () => {
  test('is 22 URL-safe base64 characters', async () => {
    expect(await versionOfText(ADD_ONE)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  test('the same bytes give the same version, wherever the file lies', async () => {
    const first = await versionOfText(ADD_ONE);
    expect(await versionOfText(ADD_ONE)).toBe(first);
  });

  test('a one-byte change gives a new version, even in a comment', async () => {
    const original = await versionOfText(ADD_ONE);
    expect(await versionOfText(ADD_ONE.replace('retries: 1', 'retries: 2'))).not.toBe(original);
    const commented = await versionOfText(`${ADD_ONE}# a\n`);
    expect(await versionOfText(`${ADD_ONE}# b\n`)).not.toBe(commented);
    expect(commented).not.toBe(original);
  });

  test('a renamed file gives a new version (its entity names change)', async () => {
    expect(await versionOfText(ADD_ONE, 'other.yaml')).not.toBe(await versionOfText(ADD_ONE, 'wf.yaml'));
  });

  test('is the first 16 bytes of SHA-256 over the canonical JSON of digest, specs and tool version', () => {
    const input = { fileDigest: 'abc', specs: { b: [1, 2], a: 'x' }, toolVersion: '0.1.0' };
    const expected = createHash('sha256')
      .update(canonicalJson(input))
      .digest()
      .subarray(0, 16)
      .toString('base64url');
    expect(computeVersion(input)).toBe(expected);
  });

  test('depends on the content of the specs, not on the order of their keys', () => {
    const base = { fileDigest: 'abc', toolVersion: '0.1.0' };
    const version = computeVersion({ ...base, specs: { a: 1, b: 2 } });
    expect(computeVersion({ ...base, specs: { b: 2, a: 1 } })).toBe(version);
    expect(computeVersion({ ...base, specs: { a: 1, b: 3 } })).not.toBe(version);
    expect(computeVersion({ ...base, specs: { a: 1, b: 2 }, toolVersion: '0.2.0' })).not.toBe(version);
    expect(computeVersion({ ...base, specs: { a: 1, b: 2 }, fileDigest: 'abd' })).not.toBe(version);
  });
});
