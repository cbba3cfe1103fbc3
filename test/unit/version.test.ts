import { readFile } from 'node:fs/promises';
import { expect, test } from '@jest/globals';
import { ORCH_VERSION } from '../../src/api/version.js';

test('ORCH_VERSION is the version in package.json', async () => {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(ORCH_VERSION).toBe(pkg.version);
});
