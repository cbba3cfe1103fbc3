/**
 * The main job end to end through the built binaries, as subprocesses, with authentication on for
 * every caller: sandbox on free ports in a temporary home (loopback access off), an admin API key made
 * with the sandbox's bootstrap client, the webhook's key and the API key stored as secrets, the add-one
 * example registered with ORCH_API_KEY alone, the webhook deployed as an app (`orch deploy apps`)
 * launching with it, POST {"x": 2} through the app's endpoint with the
 * bearer key, wait for the execution with `orchctl get execution`, stop everything. Used by `npm run demo`
 * and by the end-to-end test, so both exercise the same steps.
 *
 * No fixed port: the admin's gRPC, HTTP and metrics ports are 0 (free ones), and the webhook app is
 * deployed from a copy of examples/webhook/app.yaml whose port (8080 there) is a free one chosen at
 * run time, so the job runs while other programs hold 8080, 8088, 8089 or 10254.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

/** The repository root (this file lives in `scripts/`). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = (name: string) => join(ROOT, 'lib', 'bin', `${name}.js`);

/** A running binary: everything it printed so far, and a way to stop it. */
export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first capture group of the first stdout line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Sends SIGTERM, waits for the exit (SIGKILL after `graceMs`), resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts `node lib/bin/<name>.js ...args` with the given environment. */
export function startBinary(name: string, args: string[], env: NodeJS.ProcessEnv): RunningProcess {
  const child = spawn(process.execPath, [BIN(name), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitFor(pattern, timeoutMs = 30000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(out);
          if (match) {
            cleanup();
            resolve(match[1] ?? match[0]);
          }
        };
        const onExit = () => {
          cleanup();
          reject(new Error(`${name} exited before printing ${pattern}:\n${out}${err}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${out}${err}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.off('exit', onExit);
        };
        child.stdout?.on('data', check);
        child.once('exit', onExit);
        check();
      });
    },
    async stop(graceMs = 5000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const [code] = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a binary to completion; resolves with its exit code and output. */
export async function runBinary(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const running = startBinary(name, args, env);
  const [code] = (await once(running.child, 'close')) as [number | null];
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

/** What the main job saw, for printing (demo) and asserting (end-to-end test). */
export interface MainJobResult {
  grpcEndpoint: string;
  /** What `orch deploy apps examples/webhook/app.yaml webhook` printed. */
  deployOutput: string;
  /** The webhook app's endpoint, as deploy printed it. */
  endpoint: string;
  /** The port the webhook app listened on: a free one, in place of the app file's 8080. */
  appPort: number;
  registerOutput: string;
  version: string;
  /** Status of the POST with a wrong key (401 expected) and executions counted before and after it. */
  wrongKeyStatus: number;
  executionsBeforeWrongKey: number;
  executionsAfterWrongKey: number;
  url: string;
  executionName: string;
  phase: string;
  outputs: Record<string, unknown>;
  /** `orchctl get execution <name>` in table form, as printed. */
  tableOutput: string;
  /** Who the admin recorded as launching the execution (the webhook's API key client). */
  principal: string;
  /** What `orch get api-key` without credentials printed first on stderr ('' if it was let in). */
  anonymousRefusal: string;
  /** PIDs of every long-running child, to check none is left behind. */
  pids: number[];
  /** The sandbox's `Runtime: ...` line (`local`, or `docker (unix:///var/run/docker.sock)`). */
  runtime: string;
  /** With `docker`: the name of the webhook's container (removed when the job ends). */
  webhookContainer?: string;
}

/** The docker flavour of the main job (`npm run demo:docker`). */
export interface DockerJobOptions {
  /** orch's image (`npm run build:image`), whose `orch-webhook` serves the launches. */
  orchImage: string;
  /** The image the add-one task runs in, in place of the workflow file's (a Node image). */
  taskImage: string;
}

/**
 * Runs the main job. `log` receives progress lines as the steps happen.
 * @throws Error naming the step that failed, with the output of the binary involved.
 */
export async function runMainJob(
  log: (line: string) => void = () => {},
  options: { docker?: DockerJobOptions } = {},
): Promise<MainJobResult> {
  const docker = options.docker;
  const home = await mkdtemp(join(tmpdir(), 'orch-demo-'));
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, LANG: process.env.LANG };
  const running: RunningProcess[] = [];
  let webhookContainer: string | undefined;
  try {
    // Each step is shown as the command a user would type, then what it printed (keys masked).
    const show = (command: string, output: string) => {
      log(`$ ${command}`);
      for (const line of output.trimEnd().split('\n')) if (line) log(`    ${line}`);
    };
    log(`Home: ${home} (temporary). Authentication is on for every caller, from this machine too.`);
    // Loopback callers get no free pass here: every call below authenticates.
    const sandboxArgs = [
      'sandbox',
      'start',
      '--server.grpc.port',
      '0',
      '--server.httpPort',
      '0',
      '--sharedservice.security.allowLocalhostAccess=false',
      '--sharedservice.profilerPort',
      '0',
      // Tasks in containers (the engine at DOCKER_HOST or the default socket).
      ...(docker ? ['--runtime.type', 'docker'] : []),
    ];
    const sandbox = startBinary('orch', sandboxArgs, env);
    running.push(sandbox);
    const grpcEndpoint = await sandbox.waitFor(/Admin gRPC endpoint: (\S+)/);
    await sandbox.waitFor(/^Console: (\S+)/m);
    const runtime = /^Runtime: (.+)$/m.exec(sandbox.stdout())?.[1] ?? '';
    show(`orch ${sandboxArgs.join(' ')} &`, sandbox.stdout().split('\n').slice(0, 4).join('\n'));
    const connection = ['--orch.connection.host', grpcEndpoint, '--orch.connection.insecure'];

    // A call without credentials is refused. The CLI's own message is kept for the result; the
    // demo says in plain words what was refused, so that nothing it prints reads as a failure.
    const refused = await runBinary('orch', ['get', 'api-key', ...connection], env);
    const anonymousRefusal = refused.code === 0 ? '' : (refused.stderr.trim().split('\n')[0] ?? '');
    show(
      `orch get api-key ${connection.join(' ')}`,
      anonymousRefusal
        ? 'refused, as it should be: this call carries no credentials, and authentication is on'
        : 'allowed (unexpected: authentication should be on)',
    );

    // Before any key exists, the built-in admin client, whose secret the sandbox generated, acts.
    const secretFile = join(home, '.orchctl', 'sandbox', 'secrets', 'client_secret');
    const bootstrap = [
      ...connection,
      '--orch.auth.type',
      'ClientSecret',
      '--orch.auth.clientId',
      'orch-propeller',
      '--orch.auth.clientSecretLocation',
      secretFile,
    ];
    const bootstrapShown = `${connection.join(' ')} --orch.auth.type ClientSecret --orch.auth.clientId orch-propeller --orch.auth.clientSecretLocation ~/.orchctl/sandbox/secrets/client_secret`;
    const apiKey = randomBytes(24).toString('base64url');
    const webhookSecret = await runBinary(
      'orch',
      ['create', 'secret', '--name', 'WEBHOOK_API_KEY', ...bootstrap],
      {
        ...env,
        WEBHOOK_API_KEY: apiKey,
      },
    );
    if (webhookSecret.code !== 0) {
      throw new Error(`orch create secret WEBHOOK_API_KEY failed:\n${webhookSecret.stderr}`);
    }
    show(
      `WEBHOOK_API_KEY=<24 random bytes> orch create secret --name WEBHOOK_API_KEY ${bootstrapShown}`,
      `${webhookSecret.stderr}${webhookSecret.stdout}`,
    );

    const keyRun = await runBinary(
      'orch',
      ['create', 'api-key', 'admin', '--name', 'ci-key', ...bootstrap],
      env,
    );
    const orchApiKey = /^export ORCH_API_KEY=(\S+)$/m.exec(keyRun.stdout)?.[1];
    if (keyRun.code !== 0 || !orchApiKey) {
      throw new Error(`orch create api-key failed (${keyRun.code}):\n${keyRun.stdout}${keyRun.stderr}`);
    }
    const masked = `${orchApiKey.slice(0, 12)}... (masked here)`;
    show(
      `orch create api-key admin --name ci-key ${bootstrapShown}`,
      `${keyRun.stderr}${keyRun.stdout.replace(orchApiKey, masked)}`,
    );
    log(`$ export ORCH_API_KEY=${masked}`);

    // From here on ORCH_API_KEY alone names the admin and authenticates: no connection flags.
    const keyed: NodeJS.ProcessEnv = { ...env, ORCH_API_KEY: orchApiKey };
    const keySecret = await runBinary('orch', ['create', 'secret', '--name', 'ORCH_API_KEY'], keyed);
    if (keySecret.code !== 0) throw new Error(`orch create secret ORCH_API_KEY failed:\n${keySecret.stderr}`);
    show('orch create secret --name ORCH_API_KEY', `${keySecret.stderr}${keySecret.stdout}`);

    let wfFile = join(ROOT, 'examples', 'add-one', 'wf.yaml');
    if (docker) {
      // The task runs in a container of `taskImage` (node:20-slim in the file, which may not be
      // reachable from every machine): a copy of the file names it.
      const document = parseDocument(await readFile(wfFile, 'utf8'));
      document.setIn(['tasks', 'add_one', 'image'], docker.taskImage);
      wfFile = join(home, 'wf.yaml');
      await writeFile(wfFile, document.toString());
      log(`# wf.yaml: examples/add-one/wf.yaml with image ${docker.taskImage}`);
    }
    const registered = await runBinary('orch', ['register', wfFile], keyed);
    if (registered.code !== 0)
      throw new Error(`orch register failed (${registered.code}):\n${registered.stderr}`);
    show('orch register examples/add-one/wf.yaml', registered.stdout);
    const version = /^Computed version is (\S+)$/m.exec(registered.stdout)?.[1];
    if (!version) throw new Error(`orch register printed no version:\n${registered.stdout}`);

    let deployOutput = '';
    let endpoint = '';
    let appPort = 0;
    if (docker) {
      // The webhook as a team self-hosts it: a container of orch's image. It shares the host's
      // network to reach the sandbox on 127.0.0.1; ORCH_API_KEY names the admin.
      appPort = await freePort();
      webhookContainer = `orch-demo-webhook-${randomBytes(4).toString('hex')}`;
      const dockerArgs = [
        'run',
        '-d',
        '--rm',
        '--name',
        webhookContainer,
        '--network',
        'host',
        '-e',
        'WEBHOOK_API_KEY',
        '-e',
        'ORCH_API_KEY',
        docker.orchImage,
        'orch-webhook',
        '--port',
        String(appPort),
      ];
      const started = await runCommand('docker', dockerArgs, { ...keyed, WEBHOOK_API_KEY: apiKey });
      if (started.code !== 0) throw new Error(`docker run failed (${started.code}):\n${started.stderr}`);
      endpoint = `http://127.0.0.1:${appPort}`;
      await waitForHealth(`${endpoint}/healthz`, 30_000, webhookContainer);
      show(`docker ${dockerArgs.join(' ')}`, `${started.stdout.slice(0, 12)} (listening on ${endpoint})`);
    } else {
      // The webhook is deployed as an app: the admin runs it with its two secrets and routes
      // http://webhook.apps.localhost:<port> to it (examples/webhook/app.yaml). The app listens on
      // the app file's port, 8080 there, which another program may hold on this machine: the job
      // deploys a copy of the file whose port is a free one.
      const example = join(ROOT, 'examples', 'webhook', 'app.yaml');
      appPort = await freePort();
      const appFile = join(home, 'app.yaml');
      const { text, was } = withAppPort(await readFile(example, 'utf8'), 'webhook', appPort);
      await writeFile(appFile, text);
      log(`# app.yaml: examples/webhook/app.yaml with port ${appPort} (free here) in place of ${was}`);
      const deployed = await runBinary(
        'orch',
        ['deploy', 'apps', appFile, 'webhook', '--timeout', '60s'],
        keyed,
      );
      if (deployed.code !== 0) {
        throw new Error(`orch deploy apps failed (${deployed.code}):\n${deployed.stdout}${deployed.stderr}`);
      }
      show('orch deploy apps app.yaml webhook --timeout 60s', deployed.stdout);
      endpoint = deployed.stdout.trim().split('\n').at(-1) ?? '';
      if (!/^http:\/\/webhook\.apps\.localhost:\d+$/.test(endpoint)) {
        throw new Error(`orch deploy apps printed no endpoint:\n${deployed.stdout}`);
      }
      deployOutput = deployed.stdout;
    }

    const ctl = ['-p', 'default', '-d', 'development'];
    const countExecutions = async () => {
      const listed = await runBinary('orchctl', ['get', 'execution', ...ctl, '-o', 'json'], keyed);
      if (listed.code !== 0) throw new Error(`orchctl get execution failed:\n${listed.stderr}`);
      // One execution prints as an object, more (or none) as an array.
      return ([JSON.parse(listed.stdout)].flat() as unknown[]).length;
    };
    const post = (key: string) =>
      postToHost(
        endpoint,
        `/run-workflow/default/development/wf.add_one_wf/${version}`,
        JSON.stringify({ x: 2 }),
        {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
      );

    const curl = (key: string) =>
      `curl -X POST ${endpoint}/run-workflow/default/development/wf.add_one_wf/${version} ` +
      `-H "Authorization: Bearer ${key}" -H 'Content-Type: application/json' -d '{"x": 2}'`;
    const executionsBeforeWrongKey = await countExecutions();
    const wrong = await post(`${apiKey}x`);
    const executionsAfterWrongKey = await countExecutions();
    show(curl('<a wrong key>'), `${wrong.status} ${wrong.body}`);

    const response = await post(apiKey);
    const body = JSON.parse(response.body) as { url?: string; error?: string };
    if (response.status !== 200 || !body.url) {
      throw new Error(`webhook answered ${response.status}: ${JSON.stringify(body)}`);
    }
    const executionName = body.url.split('/').pop() ?? '';
    show(curl('$WEBHOOK_API_KEY'), `${response.status} ${response.body}`);

    let phase = '';
    let execution: {
      spec?: { metadata?: { principal?: string } };
      closure?: { phase?: string; outputs?: { literals?: Record<string, unknown> } };
    } = {};
    const deadline = Date.now() + 60000;
    while (!['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'].includes(phase)) {
      if (Date.now() > deadline) throw new Error(`execution ${executionName} still ${phase} after 60 s`);
      const got = await runBinary(
        'orchctl',
        ['get', 'execution', executionName, ...ctl, '-o', 'json'],
        keyed,
      );
      if (got.code !== 0) throw new Error(`orchctl get execution failed:\n${got.stderr}`);
      execution = JSON.parse(got.stdout);
      phase = execution.closure?.phase ?? '';
      if (phase !== 'SUCCEEDED') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const table = await runBinary('orchctl', ['get', 'execution', executionName, ...ctl], keyed);
    show(`orchctl get execution ${executionName} ${ctl.join(' ')}`, table.stdout);
    const outputs = Object.fromEntries(
      Object.entries(execution.closure?.outputs?.literals ?? {}).map(([k, v]) => [k, primitiveOf(v)]),
    );
    return {
      grpcEndpoint,
      deployOutput,
      endpoint,
      appPort,
      registerOutput: registered.stdout,
      version,
      wrongKeyStatus: wrong.status,
      executionsBeforeWrongKey,
      executionsAfterWrongKey,
      url: body.url,
      executionName,
      phase,
      outputs,
      tableOutput: table.stdout,
      principal: execution.spec?.metadata?.principal ?? '',
      anonymousRefusal,
      pids: running.map((p) => p.child.pid ?? 0),
      runtime,
      webhookContainer,
    };
  } finally {
    if (webhookContainer) await runCommand('docker', ['rm', '-f', webhookContainer], env);
    for (const process of running.reverse()) await process.stop();
    await rm(home, { recursive: true, force: true });
  }
}

/** Runs a program of PATH to completion; resolves with its exit code and output. */
export async function runCommand(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/**
 * Resolves once `url` answers 200, polling every 200 ms.
 * @throws Error after `timeoutMs`, with the logs of container `container`.
 */
async function waitForHealth(url: string, timeoutMs: number, container: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const logs = await runCommand('docker', ['logs', container], process.env);
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${logs.stdout}${logs.stderr}`);
}

/** A TCP port that nothing listens on right now, on any address (the system's pick for port 0). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, () => resolve());
  });
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The app file `text` with app `app` listening on `port`: its `port` key, and the same number after
 * `--port` in its `args` (an app that reads `$PORT` instead needs only the key), comments kept.
 * Also gives the port the app had (`was`).
 * @throws Error when the file has no such app or the app no port.
 */
export function withAppPort(text: string, app: string, port: number): { text: string; was: number } {
  const document = parseDocument(text);
  const was = Number(document.getIn(['apps', app, 'port']));
  if (!Number.isInteger(was)) throw new Error(`the app file has no app ${app} with a port`);
  document.setIn(['apps', app, 'port'], port);
  const args = document.getIn(['apps', app, 'args']);
  if (typeof args === 'string') {
    document.setIn(['apps', app, 'args'], args.replace(new RegExp(`(--port[ =])${was}\\b`), `$1${port}`));
  }
  return { text: document.toString(), was };
}

/** The plain value of a JSON-mapped scalar literal (`{"scalar": {"primitive": {"integer": "3"}}}` → 3). */
function primitiveOf(literal: unknown): unknown {
  const primitive = (literal as { scalar?: { primitive?: Record<string, unknown> } }).scalar?.primitive ?? {};
  const [key, value] = Object.entries(primitive).find(([, v]) => v !== null && v !== undefined) ?? [];
  return key === 'integer' ? Number(value) : value;
}

/**
 * POSTs to an app endpoint on the apps sub-domain of a local admin (`http://<app>.apps.localhost:<port>`)
 * the way curl does: to 127.0.0.1:<port> with the endpoint's Host header (Node's resolver, unlike
 * curl's, does not map `*.localhost` to the loopback address).
 */
export function postToHost(
  endpoint: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(endpoint);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: url.port, path, method: 'POST', headers: { ...headers, host: url.host } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
