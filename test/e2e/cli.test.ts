import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ROOT, runBinary, startBinary } from '../../scripts/main-job.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('orch and orchctl as subprocesses against an in-process admin server', () => {
  let server: TestServer;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let connection: string[];
  let wfFile: string;
  beforeAll(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'orch-cli-'));
    env = { PATH: process.env.PATH, HOME: home };
    connection = ['--orch.connection.host', server.addresses.grpcEndpoint, '--orch.connection.insecure'];
    wfFile = join(home, 'wf.yaml');
    await cp(join(ROOT, 'examples', 'add-one', 'wf.yaml'), wfFile);
  });
  afterAll(async () => {
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  const versionIn = (stdout: string) => /^Computed version is (\S+)$/m.exec(stdout)?.[1];

  test('registering the same file twice succeeds with the same version; any change gives a new one', async () => {
    const first = await runBinary('orch', ['register', wfFile, ...connection], env);
    expect(first.code).toBe(0);
    const again = await runBinary('orch', ['register', wfFile, ...connection], env);
    expect(again.code).toBe(0);
    expect(versionIn(again.stdout)).toBe(versionIn(first.stdout));
    expect(again.stdout).toContain('[✔] Task: wf.add_one (already registered)');
    expect(again.stdout).toContain('Successfully registered 3 entities');

    const text = await readFile(wfFile, 'utf8');
    await writeFile(wfFile, text.replace('retries: 1', 'retries: 2'));
    const changed = await runBinary('orch', ['register', wfFile, ...connection], env);
    expect(changed.code).toBe(0);
    expect(versionIn(changed.stdout)).not.toBe(versionIn(first.stdout));
    await writeFile(wfFile, text);
  });

  test('orch register -o yaml prints the same report as -o json, as YAML', async () => {
    // Registered once first, so that both reports below say "already registered".
    expect((await runBinary('orch', ['register', wfFile, ...connection], env)).code).toBe(0);
    const json = await runBinary('orch', ['register', wfFile, '-o', 'json', ...connection], env);
    const yaml = await runBinary('orch', ['register', wfFile, '-o', 'yaml', ...connection], env);
    expect([json.code, yaml.code]).toEqual([0, 0]);
    const { parse } = await import('yaml');
    expect(parse(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    expect(yaml.stdout.trimStart().startsWith('{')).toBe(false);
    const bad = await runBinary('orch', ['register', wfFile, '-o', 'dot', ...connection], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not an output of register; use TABLE, JSON or YAML');
  });

  test('flags go before or after the command name; -p=default reads default', async () => {
    const endpoint = server.addresses.grpcEndpoint;
    const before = await runBinary(
      'orchctl',
      ['-o', 'json', '--admin.endpoint', endpoint, '--admin.insecure', 'get', 'project'],
      env,
    );
    expect(before.code).toBe(0);
    // One project prints as an object, more as an array (as flytectl prints them).
    expect([JSON.parse(before.stdout)].flat().map((p: { id: string }) => p.id)).toContain('default');
    const config = join(home, 'before.yaml');
    await writeFile(config, `admin:\n  endpoint: ${endpoint}\n  insecure: true\n`);
    const withConfig = await runBinary('orchctl', ['--config', config, 'get', 'project', '-o', 'json'], env);
    expect(withConfig.code).toBe(0);
    const registered = await runBinary('orch', [...connection, 'register', wfFile], env);
    expect(registered.code).toBe(0);
    expect(registered.stdout).toContain('Successfully registered 3 entities');
    const equals = await runBinary(
      'orchctl',
      ['get', 'task', '-p=default', '-d=development', '-o=json', '--config', config],
      env,
    );
    expect(equals.code).toBe(0);
    expect([JSON.parse(equals.stdout)].flat().length).toBeGreaterThan(0);
    // Help and unknown flags before the command keep their meaning.
    expect((await runBinary('orchctl', ['--help'], env)).stdout).toMatch(/^Usage: orchctl/);
    expect((await runBinary('orchctl', ['--bogus', 'get', 'project'], env)).stderr).toContain(
      "Error: unknown option '--bogus'",
    );
  });

  test('after orchctl config init both CLIs reach the admin; each hint names flags of the CLI that prints it', async () => {
    const own = await mkdtemp(join(tmpdir(), 'orch-init-'));
    const ownEnv = { PATH: process.env.PATH, HOME: own };
    try {
      const orchMissing = await runBinary('orch', ['get', 'secret'], ownEnv);
      expect(orchMissing.code).toBe(2);
      expect(orchMissing.stderr).toContain('--orch.connection.insecure');
      expect(orchMissing.stderr).not.toContain('--admin.');
      const ctlMissing = await runBinary('orchctl', ['get', 'project'], ownEnv);
      expect(ctlMissing.stderr).toContain('--admin.insecure');
      expect(ctlMissing.stderr).not.toContain('--orch.connection');

      const host = server.addresses.grpcEndpoint.replace(/^dns:\/\/\//, '');
      const init = await runBinary('orchctl', ['config', 'init', '--host', host], ownEnv);
      expect(init.code).toBe(0);
      expect((await runBinary('orchctl', ['get', 'project', '-o', 'json'], ownEnv)).code).toBe(0);
      const registered = await runBinary('orch', ['register', wfFile], ownEnv);
      expect([registered.code, registered.stderr]).toEqual([0, '']);
      expect((await runBinary('orch', ['get', 'secret'], ownEnv)).code).toBe(0);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test('config init over an existing file asks: piped y overwrites, piped n keeps it, no input points to --force', async () => {
    const own = await mkdtemp(join(tmpdir(), 'orch-init-ask-'));
    const ownEnv = { PATH: process.env.PATH, HOME: own };
    /** orchctl with `input` on its standard input (undefined: none, /dev/null). */
    const withInput = async (args: string[], input?: string) => {
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, [join(ROOT, 'lib', 'bin', 'orchctl.js'), ...args], {
        env: ownEnv,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk;
      });
      if (input !== undefined) child.stdin?.end(input);
      const code = await new Promise<number | null>((resolve) =>
        child.once('close', (exit) => resolve(exit)),
      );
      return { code, stdout, stderr };
    };
    const file = join(own, '.orchctl', 'config.yaml');
    try {
      expect((await withInput(['config', 'init', '--host', 'first:1'])).code).toBe(0);
      const refused = await withInput(['config', 'init', '--host', 'second:2']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pass --force to overwrite it');
      const kept = await withInput(['config', 'init', '--host', 'second:2'], 'n\n');
      expect(kept.code).toBe(1);
      expect(await readFile(file, 'utf8')).toContain('first:1');
      const overwritten = await withInput(['config', 'init', '--host', 'third:3'], 'y\n');
      expect([overwritten.code, overwritten.stdout]).toEqual([0, `Wrote ${file}\n`]);
      expect(overwritten.stderr).toContain('exists. Overwrite it? [y/N] y');
      expect(await readFile(file, 'utf8')).toContain('third:3');
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  test('an invalid file fails with file:line:column and exit code 1, registering nothing', async () => {
    const bad = join(home, 'bad.yaml');
    await writeFile(bad, 'tasks:\n  t:\n    command: [echo]\n    inputs: { x: integr }\n');
    const result = await runBinary('orch', ['register', bad, ...connection], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4:\\d+: `));
    const tasks = await server.client.listTasks({
      id: { project: 'default', domain: 'development', name: 'bad.t' },
    });
    expect(tasks.tasks).toEqual([]);
  });

  test('usage errors exit 2 and say what was wrong', async () => {
    const unknown = await runBinary('orch', ['register', wfFile, '--no-such-flag'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option '--no-such-flag'/);
    const noProject = await runBinary(
      'orchctl',
      ['get', 'execution', 'abc', '--admin.endpoint', server.addresses.grpcEndpoint, '--admin.insecure'],
      env,
    );
    // Without -p/-d (and none configured) it looks where `orch run` launches: default, development.
    expect(noProject.code).toBe(1);
    expect(noProject.stderr).toMatch(/execution "abc" not found in default\/development/);
    const badOutput = await runBinary(
      'orchctl',
      ['get', 'project', '-o', 'xml', '--admin.endpoint', 'x:1'],
      env,
    );
    expect(badOutput.code).toBe(2);
    expect(badOutput.stderr).toMatch(/--output: expected one of TABLE, JSON, YAML, DOT, DOTURL, got "xml"/);
  });

  test('an unreachable admin exits 1 with a hint', async () => {
    const result = await runBinary(
      'orchctl',
      ['get', 'project', 'default', '--admin.endpoint', 'localhost:1', '--admin.insecure'],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nothing answers at localhost:1: the connection was refused/);
    expect(result.stderr).toMatch(/orch sandbox start/);
  });

  test('orchctl get project prints the default project as a table and as JSON', async () => {
    const args = [
      'get',
      'project',
      'default',
      '--admin.endpoint',
      server.addresses.grpcEndpoint,
      '--admin.insecure',
    ];
    const table = await runBinary('orchctl', args, env);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+NAME\s+DOMAINS/);
    expect(table.stdout).toContain('development,staging,production');
    const json = await runBinary('orchctl', [...args, '-o', 'json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'default' });
  });

  test('a bare boolean flag never takes the next word; a value goes after =', async () => {
    const host = ['--orch.connection.host', server.addresses.grpcEndpoint];
    const insecureFirst = await runBinary(
      'orch',
      ['register', '--orch.connection.insecure', wfFile, ...host],
      env,
    );
    expect([insecureFirst.code, insecureFirst.stderr]).toEqual([0, '']);
    expect(insecureFirst.stdout).toContain('Successfully registered 3 entities');
    const dry = await runBinary('orch', ['register', '--files.dryRun', wfFile], env);
    expect([dry.code, dry.stderr]).toEqual([0, '']);
    expect(dry.stdout).toMatch(/^Dry run: 3 entities compiled and validated/m);
    for (const off of ['false', 'F', 'f', '0']) {
      const real = await runBinary(
        'orch',
        ['register', `--files.dryRun=${off}`, wfFile, '--orch.connection.insecure=T', ...host],
        env,
      );
      expect([off, real.code, real.stdout]).toEqual([
        off,
        0,
        expect.stringContaining('Successfully registered'),
      ]);
    }
    const bad = await runBinary('orch', ['register', '--files.dryRun=maybe', wfFile], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Error: --files\.dryRun: expected true or false, got "maybe"/m);
  });

  test('orch register of an invalid file prints every problem at once, with did-you-mean, and registers nothing', async () => {
    const bad = join(home, 'bad.yaml');
    await writeFile(
      bad,
      [
        'tasks:',
        '  fetch:',
        '    command: [node, fetch.cjs]',
        '    input: { symbol: string }',
        '    retries: many',
        '    timeout: forever',
        '',
      ].join('\n'),
    );
    const result = await runBinary('orch', ['register', bad, ...connection], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `Error: 3 problems in ${bad}:`,
      `  ${bad}:4:5: tasks.fetch.input: unknown key; did you mean "inputs"?`,
      `  ${bad}:5:14: tasks.fetch.retries: expected a whole number, found the string "many"`,
      `  ${bad}:6:14: tasks.fetch.timeout: "forever" is not a duration such as 30s, 5m or 1h30m`,
    ]);
    const tasks = await server.client.listTasks({
      id: { project: 'default', domain: 'development', name: 'bad.fetch' },
    });
    expect(tasks.tasks).toEqual([]);
  });

  test('orchctl get of a task, workflow or launch plan name that does not exist exits 1 with "not found"', async () => {
    expect((await runBinary('orch', ['register', wfFile, ...connection], env)).code).toBe(0);
    const get = (args: string[]) =>
      runBinary(
        'orchctl',
        [
          'get',
          ...args,
          '-p',
          'default',
          '-d',
          'development',
          '--admin.endpoint',
          server.addresses.grpcEndpoint,
          '--admin.insecure',
        ],
        env,
      );
    for (const [resource, label] of [
      ['task', 'task'],
      ['workflow', 'workflow'],
      ['launchplan', 'launch plan'],
    ] as const) {
      const missing = await get([resource, 'wf.no_such_thing']);
      expect([missing.code, missing.stdout]).toEqual([1, '']);
      expect(missing.stderr).toContain(`Error: ${label} "wf.no_such_thing" not found in default/development`);
      // An existing name whose versions a filter all leaves out is an empty answer, not an error.
      const existing = resource === 'task' ? 'wf.add_one' : 'wf.add_one_wf';
      const filtered = await get([
        resource,
        existing,
        '--filter.fieldSelector',
        'version=nope',
        '-o',
        'json',
      ]);
      expect([filtered.code, filtered.stdout.trim()]).toEqual([0, '[]']);
      const found = await get([resource, existing, '-o', 'json']);
      expect(found.code).toBe(0);
    }
  });

  test('the webhook refuses to start without WEBHOOK_API_KEY', async () => {
    const result = await runBinary('orch-webhook', ['--port', '0', ...connection], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/WEBHOOK_API_KEY/);
  });
});

describe('orch serve', () => {
  test('migrate applies the migrations once, then finds the schema up to date', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-serve-'));
    const flags = ['--database.sqlite.file', join(dir, 'admin.db')];
    const first = await runBinary('orch', ['serve', 'migrate', ...flags], {
      PATH: process.env.PATH,
      HOME: dir,
    });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Applied 0001_initial, 0002_\w+, 0003_\w+, 0004_\w+, 0005_\w+, 0006_auth, 0007_apps, 0008_unfinished_executions, 0009_execution_leases, 0010_interactive_grants, 0011_schedule_ticks, 0012_admin_replicas, 0013_task_attempt_replica, 0014_execution_launcher, 0015_trust_policies, 0016_execution_reference, 0017_execution_lease_epoch, 0018_app_revisions, 0019_executions_by_workflow_version to .*admin\.db$/m,
    );
    const again = await runBinary('orch', ['serve', 'migrate', ...flags], {
      PATH: process.env.PATH,
      HOME: dir,
    });
    expect(again.stdout).toMatch(/admin\.db is up to date/);
    await rm(dir, { recursive: true, force: true });
  });

  test('serves from configuration and stops cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'orch-serve-'));
    const secrets = ['--secrets.secrets-prefix', join(dir, 'secrets')];
    const args = [
      'serve',
      '--database.sqlite.file',
      join(dir, 'admin.db'),
      '--storage.type',
      'local',
      ...secrets,
    ];
    // Without its token keys a served admin refuses to start; init-secrets writes them once.
    const refused = await runBinary('orch', [...args, '--server.grpc.port', '0', '--server.httpPort', '0'], {
      PATH: process.env.PATH,
      HOME: dir,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/server secret token_rsa_key\.pem is not set .*orch serve init-secrets/);
    const init = await runBinary('orch', ['serve', 'init-secrets', ...secrets], {
      PATH: process.env.PATH,
      HOME: dir,
    });
    expect(init.stdout).toMatch(
      /^Wrote token_rsa_key\.pem, claim_symmetric_key, secrets_sealing_key, client_secret, cookie_hash_key, cookie_block_key to .*secrets$/m,
    );
    expect((await stat(join(dir, 'secrets', 'token_rsa_key.pem'))).mode & 0o777).toBe(0o600);
    const again = await runBinary('orch', ['serve', 'init-secrets', ...secrets], {
      PATH: process.env.PATH,
      HOME: dir,
    });
    expect(again.stdout).toMatch(/already holds every auth secret/);
    const serve = startBinary(
      'orch',
      [
        ...args,
        '--storage.container',
        dir,
        '--server.grpc.port',
        '0',
        '--server.httpPort',
        '0',
        '--sharedservice.profilerPort',
        '0',
      ],
      {
        PATH: process.env.PATH,
        HOME: dir,
      },
    );
    const http = await serve.waitFor(/Admin HTTP endpoint: (\S+)/);
    // A served admin lets nobody in without a token, loopback included.
    expect((await fetch(`${http}/api/v1/projects/default`)).status).toBe(401);
    expect((await fetch(`${http}/.well-known/oauth-authorization-server`)).status).toBe(200);
    expect(await serve.stop()).toBe(0);
    expect(serve.stdout()).toContain('orch admin server stopped');
    await rm(dir, { recursive: true, force: true });
  });

  test('refuses to start when PostgreSQL is unreachable, naming it but never the password', async () => {
    const result = await runBinary(
      'orch',
      [
        'serve',
        '--auth.disableForGrpc',
        '--auth.disableForHttp',
        '--storage.type',
        'local',
        '--database.postgres.host',
        '127.0.0.1',
        '--database.postgres.port',
        '1',
        '--database.postgres.password',
        'sekret-pw',
        '--orch.connection.maxRetries',
        '0',
      ],
      { PATH: process.env.PATH, HOME: tmpdir() },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /cannot reach PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres after 1 attempts/,
    );
    expect(result.stdout + result.stderr).not.toContain('sekret-pw');
  });

  test('orch serve without a bucket for its default s3 storage says what to set', async () => {
    const result = await runBinary('orch', ['serve'], { PATH: process.env.PATH, HOME: tmpdir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--storage\.container: storage type s3 needs a bucket/);
  });
});

describe('orch sandbox start', () => {
  // The sandbox lets loopback callers in by default; false from any source (flag, environment,
  // config file) must require a token, like every other flag.
  const start = async (home: string, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}) => {
    const sandbox = startBinary(
      'orch',
      ['sandbox', 'start', '--server.httpPort', '0', '--server.grpc.port', '0', ...args],
      { PATH: process.env.PATH, HOME: home, ...extraEnv },
    );
    const http = await sandbox.waitFor(/^Admin HTTP endpoint: (\S+)$/m);
    const res = await fetch(`${http}/api/v1/projects`);
    await res.arrayBuffer();
    await sandbox.stop();
    return res.status;
  };

  test('the banner says how a person opens the console, and that is how it answers a browser here', async () => {
    const home = await mkdtemp(join(tmpdir(), 'orch-sandbox-console-'));
    // What a browser on this machine sends when a person types the URL.
    const browser = { accept: 'text/html', 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' };
    const open = async (args: string[]) => {
      const sandbox = startBinary(
        'orch',
        ['sandbox', 'start', '--server.httpPort', '0', '--server.grpc.port', '0', ...args],
        { PATH: process.env.PATH, HOME: home },
      );
      try {
        const line = await sandbox.waitFor(/^(Console: .*)$/m);
        const url = /^Console: (\S+)/.exec(line)?.[1] ?? '';
        const res = await fetch(url, { headers: browser });
        return { line, url, status: res.status, text: await res.text() };
      } finally {
        await sandbox.stop();
      }
    };
    try {
      const open1 = await open([]);
      expect(open1.url).toMatch(/^http:\/\/localhost:\d+\/console$/);
      expect(open1.line).toBe(
        `Console: ${open1.url} — open it in a browser on this machine: it is let in without a token ` +
          '(loopback access, --sharedservice.security.allowLocalhostAccess; pages of other sites are not)',
      );
      expect(open1.status).toBe(200);
      expect(open1.text).toContain('<h1>Projects</h1>');
      const locked = await open(['--sharedservice.security.allowLocalhostAccess=false']);
      expect(locked.line).toBe(
        `Console: ${locked.url} — needs a token or a signed-in user: loopback access is off ` +
          '(--sharedservice.security.allowLocalhostAccess=false)',
      );
      expect(locked.status).toBe(401);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  test('takes every server flag: --auth.*, --authorizer.*, --logger.* and --otel.* too, and they take effect', async () => {
    const help = await runBinary('orch', ['sandbox', 'start', '--help'], { PATH: process.env.PATH });
    for (const flag of [
      '--auth.disableForHttp',
      '--auth.grpcAuthorizationHeader',
      '--authorizer.mode',
      '--logger.level',
      '--otel.type',
      '--server.security.allowCors',
    ]) {
      expect(help.stdout).toContain(`  ${flag} `);
    }
    const home = await mkdtemp(join(tmpdir(), 'orch-sandbox-flags-'));
    try {
      const locked = ['--sharedservice.security.allowLocalhostAccess=false', '--logger.level', '4'];
      expect(await start(home, locked)).toBe(401);
      expect(await start(home, [...locked, '--auth.disableForHttp'])).toBe(200);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  test('a deprecated flag is used for its replacement, with one warning', async () => {
    const home = await mkdtemp(join(tmpdir(), 'orch-sandbox-deprecated-'));
    const sandbox = startBinary(
      'orch',
      [
        'sandbox',
        'start',
        '--server.grpcPort',
        '0',
        '--server.httpPort',
        '0',
        '--sharedservice.profilerPort',
        '0',
      ],
      { PATH: process.env.PATH, HOME: home },
    );
    try {
      const grpc = await sandbox.waitFor(/^Admin gRPC endpoint: (\S+)$/m);
      // 0 picked a free port: the spec's 8089 (the replacement's default) was not used.
      expect(grpc).not.toMatch(/:8089$/);
      expect(sandbox.stderr().match(/deprecated/g)).toEqual(['deprecated']);
      expect(sandbox.stderr()).toContain(
        'warning: --server.grpcPort: --server.grpcPort is deprecated: use --server.grpc.port (its value is used for it)',
      );
    } finally {
      await sandbox.stop();
      await rm(home, { recursive: true, force: true });
    }
  });

  test('a taken port is named by its flag, the metrics port too', async () => {
    const { createServer } = await import('node:net');
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', () => resolve()));
    const taken = String((holder.address() as { port: number }).port);
    try {
      const home = await mkdtemp(join(tmpdir(), 'orch-ports-'));
      for (const flag of ['--sharedservice.profilerPort', '--server.httpPort', '--server.grpc.port']) {
        const ports: Record<string, string> = {
          '--server.grpc.port': '0',
          '--server.httpPort': '0',
          '--sharedservice.profilerPort': '0',
          [flag]: taken,
        };
        const result = await runBinary('orch', ['sandbox', 'start', ...Object.entries(ports).flat()], {
          PATH: process.env.PATH,
          HOME: home,
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`Error: port ${taken} on 127.0.0.1 is already in use (${flag})`);
      }
      await rm(home, { recursive: true, force: true });
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  test('honours allowLocalhostAccess=false from a flag, the environment and a config file', async () => {
    const home = await mkdtemp(join(tmpdir(), 'orch-sandbox-'));
    try {
      expect(await start(home)).toBe(200);
      expect(await start(home, ['--sharedservice.security.allowLocalhostAccess=false'])).toBe(401);
      expect(await start(home, [], { ORCHCTL_SHAREDSERVICE_SECURITY_ALLOWLOCALHOSTACCESS: 'false' })).toBe(
        401,
      );
      await mkdir(join(home, '.orchctl'), { recursive: true });
      await writeFile(
        join(home, '.orchctl', 'config.yaml'),
        'sharedservice:\n  security:\n    allowLocalhostAccess: false\n',
      );
      expect(await start(home)).toBe(401);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 60_000);
});
