import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { postToHost, runBinary } from '../../scripts/main-job.js';
import { freePort, startTestServer, type TestServer } from '../helpers/server.js';

// `orch create|update|get|delete secret` and `orch create|get|delete api-key` as a user runs them.

describe('orch secrets and API keys as subprocesses', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];
  const orch = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runBinary('orch', [...args, ...connection], { ...env, ...extra });

  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-manage-'));
    env = { PATH: process.env.PATH, HOME: home };
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('a secret is created from the environment or a file, listed without its value, updated and deleted', async () => {
    const value = 'ghp-value-from-env-4411';
    const created = await orch(['create', 'secret', '--name', 'WEBHOOK_API_KEY'], { WEBHOOK_API_KEY: value });
    expect(created.code).toBe(0);
    expect(created.stdout).toBe('Created secret with name: WEBHOOK_API_KEY (every project and domain)\n');
    expect(created.stderr).toContain('Using the value of $WEBHOOK_API_KEY from the environment');

    const file = join(home, 'pw.txt');
    await writeFile(file, 'file-value-9921\n');
    const scoped = await orch([
      'create',
      'secret',
      'db-password',
      '--value-file',
      file,
      '-p',
      'default',
      '-d',
      'production',
    ]);
    expect(scoped.stdout).toBe(
      'Created secret with name: db-password (project default, domain production)\n',
    );

    const listed = await orch(['get', 'secret']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^NAME\s+SCOPE\s+TYPE\s+UPDATED\s+UPDATED BY\n/);
    expect(listed.stdout).toMatch(/WEBHOOK_API_KEY\s+every project and domain\s+GENERIC\s+\S+\s+localhost/);
    const json = await orch([
      'get',
      'secret',
      'db-password',
      '-p',
      'default',
      '-d',
      'production',
      '-o',
      'json',
    ]);
    // One secret asked for by name prints as an object, with the API's lowerCamelCase keys.
    expect(JSON.parse(json.stdout).id).toMatchObject({
      name: 'db-password',
      project: 'default',
      domain: 'production',
    });
    for (const out of [created, scoped, listed, json]) {
      expect(out.stdout + out.stderr).not.toContain(value);
      expect(out.stdout + out.stderr).not.toContain('file-value-9921');
    }

    const twice = await orch(['create', 'secret', '--name', 'WEBHOOK_API_KEY'], { WEBHOOK_API_KEY: value });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(
      /secret WEBHOOK_API_KEY \(the organization\) already exists; update it instead/,
    );
    const updated = await orch(['update', 'secret', 'WEBHOOK_API_KEY', '--value-file', file]);
    expect(updated.stdout).toBe('Updated secret with name: WEBHOOK_API_KEY (every project and domain)\n');
    const deleted = await orch(['delete', 'secret', 'WEBHOOK_API_KEY']);
    expect(deleted.stdout).toBe('Deleted secret with name: WEBHOOK_API_KEY (every project and domain)\n');
    const gone = await orch(['delete', 'secret', 'WEBHOOK_API_KEY']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toMatch(/does not exist/);
  });

  test('usage errors exit 2 and say what to do', async () => {
    const noValue = await orch(['create', 'secret', '--name', 'NOT_SET_ANYWHERE']);
    expect(noValue.code).toBe(2);
    expect(noValue.stderr).toMatch(
      /--value-file: no value: pass --value-file <file> \(or - for standard input\), set \$NOT_SET_ANYWHERE/,
    );
    const projectOnly = await orch(['create', 'secret', '--name', 'X', '-p', 'default'], { X: 'v' });
    expect(projectOnly.code).toBe(2);
    expect(projectOnly.stderr).toMatch(/needs its domain as well/);
    const twice = await orch(['create', 'secret', 'A', '--name', 'B'], { A: 'v' });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/pass the name once/);
    const badRole = await orch(['create', 'api-key', 'root', '--name', 'x']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toMatch(/"root" is not a role; use admin, contributor, viewer/);
  });

  test('an API key is printed once as an export line, works alone, obeys its role, and dies when deleted', async () => {
    // A name is checked as given, never rewritten.
    for (const bad of ['Read Only', 'my_key', 'WebhookKey', '-lead']) {
      const refused = await orch(['create', 'api-key', 'viewer', '--name', bad]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`API key name "${bad}" is not valid: use 1 to 63 lowercase letters`);
    }
    const refused = await orch(['create', 'api-key', 'viewer', '--name', 'my_key']);
    expect(refused.stderr).toContain('(such as "my-key")');
    expect((await orch(['get', 'api-key'])).stdout).not.toMatch(/my-key|webhookkey|read-only/);
    const created = await orch(['create', 'api-key', 'viewer', '--name', 'read-only']);
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^export ORCH_API_KEY=orch_ak_[A-Za-z0-9_-]+\n$/);
    expect(created.stderr).toContain('Client ID: read-only');
    expect(created.stderr).toContain('The following API key will only be shown once');
    const key = created.stdout.trim().replace('export ORCH_API_KEY=', '');

    const listed = await orch(['get', 'api-key']);
    expect(listed.stdout).toMatch(/^CLIENT_ID\s+NAME\s+ROLE\s+CREATED\s+CREATED BY\n/);
    expect(listed.stdout).toMatch(/read-only\s+read-only\s+viewer\s+\S+\s+localhost/);
    expect(listed.stdout).not.toContain(key.slice(8));

    // The key alone (no connection flags, no config file) reaches the admin; a viewer may not write.
    const asViewer = { ...env, ORCH_API_KEY: key, SOME: 'v' };
    const read = await runBinary('orch', ['get', 'secret'], asViewer);
    expect(read.code).toBe(0);
    const denied = await runBinary('orch', ['create', 'secret', '--name', 'SOME'], asViewer);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/read-only \(role viewer\) lacks permission manage_secrets/);
    const ctl = await runBinary('orchctl', ['get', 'project', '-o', 'json'], asViewer);
    expect(ctl.code).toBe(0);
    expect([JSON.parse(ctl.stdout)].flat().map((p: { id: string }) => p.id)).toContain('default');

    const json = await orch(['create', 'api-key', 'admin', '--name', 'ci', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      clientId: 'ci',
      name: 'ci',
      role: 'ADMIN',
      apiKey: expect.stringMatching(/^orch_ak_/),
    });

    expect((await orch(['delete', 'api-key', '--name', 'read-only'])).stdout).toBe(
      'Deleted API key read-only\n',
    );
    const after = await runBinary('orch', ['get', 'secret'], asViewer);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/ApiKey: the token endpoint .*oauth2\/token refused client "read-only"/);
    expect(after.stdout + after.stderr).not.toContain(key.slice(8));
  });

  test('an image spec package without a version constraint is refused at its place in the file; ~= is one', async () => {
    const file = join(home, 'bare-package.yaml');
    await writeFile(
      file,
      'apps:\n  web:\n    container_image: { name: web, packages: [express, "zod~=3.2"] }\n    args: web\n',
    );
    const refused = await orch(['deploy', 'apps', file, 'web']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Error: ${file}:3:46: apps.web.container_image.packages.0: "express" is not a package with a version constraint such as name>=1.2.3, name==1.2.3 or name~=1.2\n`,
    );
  });

  test('orch deploy apps streams the statuses and prints the endpoint; get apps and stop apps follow it', async () => {
    const port = await freePort();
    const file = join(home, 'app.yaml');
    await writeFile(
      file,
      [
        'apps:',
        '  greeter:',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the app file's own ${VAR} reference
        '    container_image: { name: greeter, registry: "${IMAGE_SPEC_REGISTRY}" }',
        `    port: ${port}`,
        `    args: node -e "require('http').createServer((q, r) => r.end('hello')).listen(${port})"`,
        '',
      ].join('\n'),
    );
    const deployed = await orch(['deploy', 'apps', file, 'greeter']);
    expect(deployed.code).toBe(0);
    const httpPort = new URL(server.addresses.httpEndpoint).port;
    expect(deployed.stdout.split('\n')).toEqual([
      "No image registry is set (IMAGE_SPEC_REGISTRY): nothing to build; greeter runs without an image of its own (on the admin's host, or in the docker runtime's default image).",
      '[Status] Pending: App is pending deployment',
      '[Status] Pending: RevisionMissing: configuration waits for a revision to become ready',
      '[Status] Pending: IngressNotConfigured: ingress not yet reconciled',
      '[Status] Pending: Uninitialized: waiting for load balancer to be ready',
      '[Status] Started: Service is ready',
      `http://greeter.apps.localhost:${httpPort}`,
      '',
    ]);
    const listed = await orch(['get', 'apps']);
    expect(listed.stdout).toMatch(
      new RegExp(
        `greeter\\s+Started\\s+1\\s+http://greeter\\.apps\\.localhost:${httpPort}\\s+Service is ready`,
      ),
    );
    expect((await orch(['stop', 'apps', '--name', 'greeter'])).stdout).toBe('Stopped app greeter\n');
    expect((await orch(['get', 'apps', 'greeter'])).stdout).toMatch(/greeter\s+Stopped\s+1\s+-/);
    // Files the app includes travel as a code bundle and are its working directory.
    const dir = join(home, 'site');
    await mkdir(join(dir, 'public'), { recursive: true });
    await writeFile(
      join(dir, 'server.js'),
      `require('http').createServer((q, r) => r.end(require('fs').readFileSync('public/index.html'))).listen(Number(process.env.PORT))`,
    );
    await writeFile(join(dir, 'public', 'index.html'), '<h1>shipped</h1>');
    await writeFile(join(dir, 'notes.txt'), 'not included');
    const sitePort = await freePort();
    await writeFile(
      join(dir, 'app.yaml'),
      [
        'apps:',
        '  site:',
        '    container_image: { name: site }',
        `    port: ${sitePort}`,
        '    include: [server.js, "public/**"]',
        '    args: node server.js',
        '    requires_auth: false',
        '',
      ].join('\n'),
    );
    const site = await orch(['deploy', 'apps', join(dir, 'app.yaml'), 'site']);
    expect(site.code).toBe(0);
    const page = await postToHost(site.stdout.trim().split('\n').at(-1) ?? '', '/', '', {});
    expect(page).toEqual({ status: 200, body: '<h1>shipped</h1>' });
    await orch(['stop', 'apps', '--name', 'site']);

    const unknown = await orch(['deploy', 'apps', file, 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('defines no app "nope"; its apps are: greeter');
  });
});
