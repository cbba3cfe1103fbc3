import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { list } from 'tar';
import { BundleTooLargeError, bundleFiles, packBundle } from '../../../src/registration/bundle.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'orch-bundle-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Writes `files` (path -> content) under a new directory `name`. */
async function tree(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

const FILES = {
  'wf.yaml': 'tasks: {}\n',
  'lib/step.js': 'console.log(1)\n',
  'data/in.csv': 'a,b\n1,2\n',
  'run.sh': '#!/bin/sh\necho hi\n',
};

describe('code bundles', () => {
  test('the same tree gives the same bytes whatever its path, mtimes and modes', async () => {
    const a = await tree('a', FILES);
    const b = await tree('elsewhere/b', FILES);
    await utimes(join(b, 'lib/step.js'), new Date('2011-01-01'), new Date('2011-01-01'));
    await chmod(join(b, 'data/in.csv'), 0o664);
    const [first, second] = await Promise.all([packBundle(a), packBundle(b)]);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.sha256).toBe(first.sha256);
    expect(first.files).toEqual(['data/in.csv', 'lib/step.js', 'run.sh', 'wf.yaml']);
  });

  test('one changed byte changes the digest', async () => {
    const a = await tree('c', FILES);
    const b = await tree('d', { ...FILES, 'data/in.csv': 'a,b\n1,3\n' });
    expect((await packBundle(b)).sha256).not.toBe((await packBundle(a)).sha256);
  });

  test('entries are sorted, ownerless, at one mtime, with the execute bit kept', async () => {
    const dir = await tree('e', FILES);
    await chmod(join(dir, 'run.sh'), 0o775);
    const bundle = await packBundle(dir);
    const file = join(root, 'e.tgz');
    await writeFile(file, bundle.bytes);
    const entries: { path: string; mode: number; uid: number; mtime: number }[] = [];
    await list({
      file,
      onReadEntry: (entry) => {
        entries.push({
          path: entry.path,
          mode: entry.mode ?? 0,
          uid: entry.uid ?? 0,
          mtime: entry.mtime?.getTime() ?? 0,
        });
      },
    });
    expect(entries.map((e) => e.path)).toEqual(['data/in.csv', 'lib/step.js', 'run.sh', 'wf.yaml']);
    expect(entries.find((e) => e.path === 'run.sh')?.mode).toBe(0o755);
    expect(entries.find((e) => e.path === 'wf.yaml')?.mode).toBe(0o644);
    expect(new Set(entries.map((e) => e.mtime)).size).toBe(1);
    expect(entries.every((e) => e.uid === 0)).toBe(true);
  });

  test('.orchignore, .git and node_modules are left out', async () => {
    const dir = await tree('f', {
      ...FILES,
      '.orchignore': 'data/\n*.log\n',
      'debug.log': 'x',
      '.git/HEAD': 'ref: refs/heads/main\n',
      'node_modules/x/index.js': '',
    });
    expect(await bundleFiles(dir)).toEqual(['.orchignore', 'lib/step.js', 'run.sh', 'wf.yaml']);
  });

  test('a bundle over the upload limit fails before upload, naming the limit and the flag', async () => {
    const dir = await tree('g', { 'big.bin': randomBytes(4096).toString('base64') });
    await expect(packBundle(dir, { maxBytes: 1024 })).rejects.toThrow(BundleTooLargeError);
    await expect(packBundle(dir, { maxBytes: 1024 })).rejects.toThrow(
      /over the upload limit of 1\.0 KiB \(--server\.dataProxy\.upload\.maxSize\)/,
    );
  });
});
