import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { create as createTar } from 'tar';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import type { TaskSpec } from '../../src/api/types.js';
import { AlreadyExistsError, InvalidArgumentError } from '../../src/client/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { BundleCache, entryProblem } from '../../src/server/executor/bundles.js';
import { openBlobStore, storageSettings } from '../../src/server/storage/open.js';
import { startTestServer, type TestServer, waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// Tasks whose code comes in a tar.gz code bundle, uploaded through the DataProxyService.

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };

const MAIN_JS =
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
  "const step=Number(fs.readFileSync('lib/step.txt','utf8'));" +
  'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+step}))';

let work: string;
let server: TestServer;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'orch-bundles-'));
  server = await startTestServer('sqlite');
});
afterAll(async () => {
  await server.stop();
  await rm(work, { recursive: true, force: true });
});

/** Packs `files` (relative path -> content) into a tar.gz; `preservePaths` keeps `..` names as they are. */
async function pack(name: string, files: Record<string, string>, preservePaths = false): Promise<Buffer> {
  const root = join(work, name, 'src');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
  const chunks: Buffer[] = [];
  const stream = createTar({ gzip: true, cwd: root, portable: true, preservePaths }, Object.keys(files));
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Uploads bytes through CreateUploadLocation and the signed PUT; the native URL. */
async function upload(bytes: Buffer, filename: string): Promise<string> {
  const location = await server.client.createUploadLocation({
    ...scope,
    filename,
    content_md5: createHash('md5').update(bytes).digest(),
  });
  const res = await fetch(location.signed_url, { method: 'PUT', body: bytes, headers: location.headers });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return location.native_url;
}

/** A task spec running `command` inside the bundle at `bundle`. */
function bundledTask(version: string, bundle: string, command = ['node', 'main.js']): TaskSpec {
  const spec = nodeTask('wf.bundled', version, '', { x: 'integer' }, { o0: 'integer' });
  const template = spec.template as NonNullable<TaskSpec['template']>;
  template.container = { image: 'node:20-slim', command, code_bundle: bundle };
  return spec;
}

/** Registers the bundled task, a one-node workflow and its launch plan; launches it with x. */
async function registerAndRun(version: string, bundle: string, x = 1) {
  const task = idOf('TASK', 'wf.bundled', version);
  const wf = idOf('WORKFLOW', 'wf.bundled_wf', version);
  const lp = idOf('LAUNCH_PLAN', 'wf.bundled_wf', version);
  await server.client.createTask(task, bundledTask(version, bundle));
  await server.client.createWorkflow(wf, oneNodeWorkflow('wf.bundled_wf', version, task));
  await server.client.createLaunchPlan(lp, launchPlanOf(wf));
  return launch(version, x);
}

async function launch(version: string, x: number) {
  const id = await server.client.createExecution({
    ...scope,
    spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.bundled_wf', version) },
    inputs: literalMapFromJson({ x }, X),
  });
  return waitForExecution(server.client, id);
}

describe('code bundles in the local executor', () => {
  test('a task runs its script inside the unpacked bundle, and a second execution reuses it', async () => {
    const bytes = await pack('good', { 'main.js': MAIN_JS, 'lib/step.txt': '10' });
    const url = await upload(bytes, 'bundle.tar.gz');
    expect(url).toMatch(/^orch-local:\/\/orch\/default\/development\/[a-z2-7]{26}\/bundle\.tar\.gz$/);

    const first = await registerAndRun('v1', url, 1);
    expect(first.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(first.closure?.outputs)).toEqual({ o0: 11 });

    const digest = createHash('sha256').update(bytes).digest('hex');
    const unpacked = join(server.dataDir, 'bundles', digest);
    const before = await stat(unpacked);
    expect((await stat(join(unpacked, 'main.js'))).isFile()).toBe(true);
    // The per-attempt files stay out of the shared bundle folder.
    expect((await readdir(unpacked)).sort()).toEqual(['lib', 'main.js']);

    const second = await launch('v1', 5);
    expect(literalMapToJson(second.closure?.outputs)).toEqual({ o0: 15 });
    const after = await stat(unpacked);
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect((await readdir(join(server.dataDir, 'bundles'))).filter((n) => !n.startsWith('.'))).toEqual([
      digest,
    ]);
  });

  test('a bundle with a ../ entry is refused with a SYSTEM error naming its URL', async () => {
    const bytes = await pack('evil', { 'main.js': MAIN_JS, '../evil': 'owned' }, true);
    const url = await upload(bytes, 'evil.tar.gz');
    const execution = await registerAndRun('evil', url);
    expect(execution.closure?.phase).toBe('FAILED');
    expect(execution.closure?.error).toMatchObject({ code: 'BundleUnavailable', kind: 'SYSTEM' });
    expect(execution.closure?.error?.message).toContain(url);
    expect(execution.closure?.error?.message).toMatch(/entry "\.\.\/evil" leaves the bundle's folder/);
    await expect(stat(join(server.dataDir, 'bundles', 'evil'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(stat(join(server.dataDir, 'evil'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a missing or corrupt bundle fails the node with a SYSTEM error naming its URL', async () => {
    const missing = 'orch-local://orch/default/development/nothing/here.tar.gz';
    const gone = await registerAndRun('missing', missing);
    expect(gone.closure?.phase).toBe('FAILED');
    expect(gone.closure?.error).toMatchObject({ kind: 'SYSTEM' });
    expect(gone.closure?.error?.message).toContain(`code bundle ${missing} does not exist`);

    const garbage = await upload(Buffer.from('this is not a tar.gz'), 'garbage.tar.gz');
    const corrupt = await registerAndRun('corrupt', garbage);
    expect(corrupt.closure?.phase).toBe('FAILED');
    expect(corrupt.closure?.error).toMatchObject({ kind: 'SYSTEM' });
    expect(corrupt.closure?.error?.message).toContain(`code bundle ${garbage} is not a valid tar.gz`);
  });

  test('registration accepts only native URLs of this store; identical re-registration is AlreadyExists', async () => {
    for (const bad of [
      's3://bucket/key.tar.gz',
      'orch-local://other/key.tar.gz',
      'orch-local://orch/../x',
      'file:///etc',
    ]) {
      const error = await server.client
        .createTask(idOf('TASK', 'wf.bundled', 'bad'), bundledTask('bad', bad))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as Error).message).toMatch(
        /container\.code_bundle: .* is not a native URL of this server's storage/,
      );
    }
    const bytes = await pack('again', { 'main.js': MAIN_JS, 'lib/step.txt': '1' });
    const url = await upload(bytes, 'again.tar.gz');
    const task = idOf('TASK', 'wf.bundled', 'again');
    await server.client.createTask(task, bundledTask('again', url));
    await expect(server.client.createTask(task, bundledTask('again', url))).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
  });
});

describe('bundle entries and the unpack cache', () => {
  test('absolute paths, .. segments, devices and escaping links are refused', () => {
    expect(entryProblem({ path: 'src/main.js', type: 'File' })).toBeUndefined();
    expect(entryProblem({ path: 'lib', type: 'SymbolicLink', linkpath: 'src/lib' })).toBeUndefined();
    expect(entryProblem({ path: 'a/b', type: 'SymbolicLink', linkpath: '../c' })).toBeUndefined();
    expect(entryProblem({ path: '/etc/passwd', type: 'File' })).toMatch(/absolute path/);
    expect(entryProblem({ path: 'a/../../x', type: 'File' })).toMatch(/leaves the bundle's folder/);
    expect(entryProblem({ path: 'dev', type: 'CharacterDevice' })).toMatch(/CharacterDevice/);
    expect(entryProblem({ path: 'a/b', type: 'SymbolicLink', linkpath: '../../c' })).toMatch(
      /points outside/,
    );
    expect(entryProblem({ path: 'l', type: 'SymbolicLink', linkpath: '/etc' })).toMatch(/absolute path/);
    expect(entryProblem({ path: 'h', type: 'Link', linkpath: '../x' })).toMatch(/points outside/);
  });

  test('concurrent executions of one bundle share a single unpack', async () => {
    const store = await openBlobStore(
      storageSettings(loadConfig({ flags: { 'storage.type': 'mem' }, env: {}, home: work }).storage, {
        dataDir: work,
        embedded: false,
      }),
    );
    const bytes = await pack('shared', { 'main.js': MAIN_JS });
    await store.put('b/shared.tar.gz', bytes);
    const cache = new BundleCache({ store, dir: join(work, 'cache'), maxBytes: 1024 * 1024 });
    const url = store.urlOf(store.at('b/shared.tar.gz'));
    const dirs = await Promise.all([cache.prepare(url), cache.prepare(url), cache.prepare(url)]);
    expect(new Set(dirs).size).toBe(1);
    expect(cache.unpacked).toBe(1);
    await cache.prepare(url);
    expect(cache.unpacked).toBe(1);
    await expect(
      new BundleCache({ store, dir: join(work, 'small'), maxBytes: 10 }).prepare(url),
    ).rejects.toThrow(/is over the limit of 10 bytes/);
  });
});
