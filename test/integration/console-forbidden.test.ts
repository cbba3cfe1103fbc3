import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status as Status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import express from 'express';
import type { Identity } from '../../src/server/auth/authenticate.js';
import { Authorizer, PermissionDenied } from '../../src/server/auth/authorizer.js';
import type { Guard } from '../../src/server/auth/guard.js';
import { type DatabaseHandle, openSqlite } from '../../src/server/db/connect.js';
import { migrateToLatest } from '../../src/server/db/migrations.js';
import { Repository } from '../../src/server/db/repository.js';
import { ServiceError } from '../../src/server/errors.js';
import { createConsole } from '../../src/server/http/console.js';
import { silentLogger } from '../../src/server/logger.js';
import { BlobStore } from '../../src/server/storage/blob-store.js';
import { MemBackend } from '../../src/server/storage/mem-store.js';
import { axeViolations } from '../helpers/axe.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';

// What a console page answers when the service behind it refuses the caller: a 403 page naming the
// refusal (and the role needed, when the authorizer refused), never the 500 page. The built-in roles
// let every caller the console admits read every page, so the refusals here are a policy of the
// test's guard (a reader refused the apps) and a service's own refusal (as a trust policy's limits
// are), over the real console, a real SQLite repository and real HTTP on port 0.

/** Chromium is there, or its absence must fail the run (CI installs it). */
const inBrowser = existsSync(CHROMIUM) || process.env.ORCH_TEST_BROWSER === 'required' ? test : test.skip;

const reader: Identity = {
  subject: 'reader-1',
  clientId: 'reader-1',
  org: '',
  role: 'VIEWER',
  method: 'bearer',
  scopes: ['all'],
};

describe('console pages a service refuses', () => {
  let handle: DatabaseHandle;
  let http: Server;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-console-forbidden-'));
    handle = await openSqlite(':memory:');
    await migrateToLatest(handle.db, handle.dialect);
    const blobs = new BlobStore(new MemBackend(), {
      container: 'test',
      multiContainer: false,
      maxReadBytes: 1024 * 1024,
      cacheBytes: 0,
    });
    const authorizer = new Authorizer({ mode: 'Active', logger: silentLogger });
    // The reader may sign in to the console (GetExecution), but reading apps needs manage_apps.
    const guard: Guard = async (rpc) => {
      if (rpc.startsWith('orch.service.v1.AppService/')) {
        throw new PermissionDenied(rpc, 'manage_apps', `reader-1 (role viewer) may not read apps: ${rpc}`);
      }
      authorizer.check(reader, rpc);
      return { identity: reader };
    };
    const refusingApps = {
      ListRevisions: async () => ({ revisions: [] }),
      // As a service refusing by a caller's limits: a PERMISSION_DENIED that names no permission.
      Get: async () => {
        throw new ServiceError(Status.PERMISSION_DENIED, 'reader-1 may act only in project other');
      },
    };
    /** The console over the same repository and apps service; `guard` absent lets every call through. */
    const consoleWith = (guard?: Guard) =>
      createConsole({
        repo: new Repository(handle.db),
        blobs,
        admin: {},
        workDir: join(dir, 'work'),
        logger: silentLogger,
        apps: refusingApps,
        ...(guard ? { guard } : {}),
      });
    const app = express();
    app.use(consoleWith(guard));
    const unguarded = express();
    unguarded.use(consoleWith());
    app.use('/open', unguarded);
    http = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => http.once('listening', resolve));
    const address = http.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('a read the authorizer refuses is a 403 page naming it and the role needed', async () => {
    for (const path of ['/console/apps', '/console/apps/default/development/greeter']) {
      const res = await fetch(`${base}${path}`);
      const page = await res.text();
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page).toContain('You may not see this: reader-1 (role viewer) may not read apps');
      expect(page).toContain('The role needed: <strong>admin</strong>');
      expect(page).not.toContain('Something went wrong');
    }
  });

  test("a service's own refusal is a 403 page without a role; a missing project stays a 404", async () => {
    // Without a guard the page reaches the handler, which refuses.
    const refused = await fetch(`${base}/open/console/apps/default/development/greeter`);
    const page = await refused.text();
    expect(refused.status).toBe(403);
    expect(page).toContain('You may not see this: reader-1 may act only in project other');
    expect(page).not.toContain('The role needed');
    const missing = await fetch(`${base}/console/projects/no-such-project`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('project no-such-project does not exist');
  });

  inBrowser(
    'the 403 page reads as a refusal in Chromium, with a way back, and passes axe-core',
    async () => {
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const answer = await page.goto(`${base}/console/apps`);
        expect(answer?.status()).toBe(403);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Not allowed');
        await expect(page.getByRole('alert').textContent()).resolves.toContain(
          'You may not see this: reader-1 (role viewer) may not read apps',
        );
        await page.getByRole('link', { name: 'Back to the console' }).click();
        expect(new URL(page.url()).pathname).toBe('/console');
        await page.goBack();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
