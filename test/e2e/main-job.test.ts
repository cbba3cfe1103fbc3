import { connect, createServer, type Server } from 'node:net';
import { describe, expect, test } from '@jest/globals';
import { runMainJob } from '../../scripts/main-job.js';

/**
 * The ports the spec gives the admin (gRPC 8089, HTTP 8088, metrics 10254) and the example app
 * (8080): held by listeners of this test while the job runs, which must not need any of them. A port
 * that cannot be listened on (EADDRINUSE) is held by someone else: held either way.
 */
const SPEC_PORTS = [8080, 8088, 8089, 10254];

/** Listens on each port (every address), answering anything with `held`. Resolves with the listeners. */
async function holdPorts(ports: number[]): Promise<Server[]> {
  const held: Server[] = [];
  for (const port of ports) {
    const server = createServer((socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\nheld'));
    const listening = await new Promise<boolean>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EADDRINUSE' ? resolve(false) : reject(error),
      );
      server.listen(port, () => resolve(true));
    });
    if (listening) held.push(server);
  }
  return held;
}

/** Whether something accepts a TCP connection on 127.0.0.1:`port`. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the main job through the real binaries (what `npm run demo` does)', () => {
  test('sandbox with authentication on, API key and secrets, register, webhook deployed as an app, launch through its endpoint, execution SUCCEEDED with o0 = 3, nothing left running; while other programs hold 8080, 8088, 8089 and 10254', async () => {
    const held = await holdPorts(SPEC_PORTS);
    let result: Awaited<ReturnType<typeof runMainJob>>;
    const shown: string[] = [];
    try {
      result = await runMainJob((line) => shown.push(line));
    } finally {
      for (const server of held) await new Promise((resolve) => server.close(resolve));
    }

    expect(result.registerOutput).toBe(
      [
        `Computed version is ${result.version}`,
        '[✔] Task: wf.add_one',
        '[✔] Workflow: wf.add_one_wf',
        '[✔] Launch Plan: wf.add_one_wf',
        'Successfully registered 3 entities',
        '',
      ].join('\n'),
    );
    expect(result.version).toMatch(/^[A-Za-z0-9_-]{22}$/);

    expect(result.wrongKeyStatus).toBe(401);
    expect(result.executionsAfterWrongKey).toBe(result.executionsBeforeWrongKey);

    expect(result.url).toMatch(
      /^http:\/\/localhost:\d+\/console\/projects\/default\/domains\/development\/executions\/[a-z][a-z0-9]{19}$/,
    );
    expect(result.url.endsWith(`/${result.executionName}`)).toBe(true);
    expect(result.phase).toBe('SUCCEEDED');
    expect(result.outputs).toEqual({ o0: 3 });
    expect(result.tableOutput).toMatch(
      new RegExp(`${result.executionName}\\s+wf\\.add_one_wf\\s+${result.version}\\s+SUCCEEDED`),
    );
    expect(result.tableOutput).toContain('o0=3');
    // Authentication was on: an anonymous call was refused, and the webhook launched as its API key.
    expect(result.anonymousRefusal).toMatch(/Pkce|ORCH_API_KEY|Unauthenticated|no access token/i);
    expect(result.principal).toBe('ci-key');
    // What the demo prints reads as a success: the refusal is said in plain words, not as an error.
    expect(shown.filter((line) => /^\s*(error|fatal)\b|\bfailed\b/i.test(line))).toEqual([]);
    expect(shown).toContain(
      '    refused, as it should be: this call carries no credentials, and authentication is on',
    );

    expect(result.deployOutput.split('\n')).toEqual([
      "No image registry is set (IMAGE_SPEC_REGISTRY): nothing to build; webhook runs without an image of its own (on the admin's host, or in the docker runtime's default image).",
      '[Status] Pending: App is pending deployment',
      '[Status] Pending: RevisionMissing: configuration waits for a revision to become ready',
      '[Status] Pending: IngressNotConfigured: ingress not yet reconciled',
      '[Status] Pending: Uninitialized: waiting for load balancer to be ready',
      '[Status] Started: Service is ready',
      result.endpoint,
      '',
    ]);
    expect(result.endpoint).toMatch(/^http:\/\/webhook\.apps\.localhost:\d+$/);

    // The app listened on a port of its own, not the app file's 8080.
    expect(SPEC_PORTS).not.toContain(result.appPort);
    expect(result.endpoint).not.toMatch(/:(8080|8088|8089|10254)$/);

    // The sandbox was the only process started; stopping it stopped the app it ran.
    expect(result.pids.length).toBe(1);
    expect(result.pids.filter(alive)).toEqual([]);
    expect(await answers(result.appPort)).toBe(false);
  }, 120000);
});
