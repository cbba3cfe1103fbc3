import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig } from '../../src/config/load.js';
import { createServer } from '../../src/server/server.js';

// What an admin writes on disk is its owner's alone: the database (and SQLite's -wal/-shm), the
// generated keys, and the data folder that holds them with code bundles and task data.

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

describe('file modes of a sandbox-like admin', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'orch-modes-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const start = async (dataDir: string, flags: Record<string, string> = {}) => {
    // As the sandbox starts it: the embedded default, data under one folder, a umask of 022.
    const server = createServer({
      config: loadConfig({
        flags: { 'server.httpPort': '0', 'server.grpc.port': '0', ...flags },
        env: {},
        home: root,
      }),
      dataDir,
      taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    await server.listen();
    return server;
  };

  test('the database, its -wal and -shm, the keys and the data folder are owner-only', async () => {
    const previous = process.umask(0o022);
    const dataDir = join(root, 'fresh', 'sandbox');
    try {
      const server = await start(dataDir);
      try {
        expect(await modeOf(dataDir)).toBe(0o700);
        for (const file of ['orch.db', 'orch.db-wal', 'orch.db-shm']) {
          expect([file, await modeOf(join(dataDir, file))]).toEqual([file, 0o600]);
        }
        expect(await modeOf(join(dataDir, 'secrets'))).toBe(0o700);
        const secrets = await readdir(join(dataDir, 'secrets'));
        expect(secrets).toContain('token_rsa_key.pem');
        for (const name of secrets) {
          expect([name, await modeOf(join(dataDir, 'secrets', name))]).toEqual([name, 0o600]);
        }
      } finally {
        await server.close();
      }
    } finally {
      process.umask(previous);
    }
  });

  test('an existing database and data folder that others could read are tightened', async () => {
    const dataDir = join(root, 'old');
    await mkdir(dataDir, { recursive: true });
    await chmod(dataDir, 0o755);
    const elsewhere = join(root, 'db', 'admin.db');
    await mkdir(join(root, 'db'), { recursive: true });
    await writeFile(elsewhere, '');
    await chmod(elsewhere, 0o644);
    const server = await start(dataDir, { 'database.sqlite.file': elsewhere });
    try {
      expect(await modeOf(dataDir)).toBe(0o700);
      expect(await modeOf(elsewhere)).toBe(0o600);
      expect(await modeOf(`${elsewhere}-wal`)).toBe(0o600);
    } finally {
      await server.close();
    }
  });
});
