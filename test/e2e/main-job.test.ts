import { connect } from 'node:net';
import { describe, expect, test } from '@jest/globals';
import { runMainJob } from '../../scripts/main-job.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the main job through the real binaries (what `npm run demo` does)', () => {
  test('sandbox with authentication on, API key and secrets, register, webhook deployed as an app, launch through its endpoint, execution SUCCEEDED with o0 = 3, nothing left running', async () => {
    const result = await runMainJob();

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

    expect(result.deployOutput.split('\n')).toEqual([
      "No image registry is set (IMAGE_SPEC_REGISTRY): the local runtime runs webhook on the admin's host, without an image.",
      '[Status] Pending: App is pending deployment',
      '[Status] Pending: RevisionMissing: configuration waits for a revision to become ready',
      '[Status] Pending: IngressNotConfigured: ingress not yet reconciled',
      '[Status] Pending: Uninitialized: waiting for load balancer to be ready',
      '[Status] Started: Service is ready',
      result.endpoint,
      '',
    ]);
    expect(result.endpoint).toMatch(/^http:\/\/webhook\.apps\.localhost:\d+$/);

    // The sandbox was the only process started; stopping it stopped the app it ran (port 8080).
    expect(result.pids.length).toBe(1);
    expect(result.pids.filter(alive)).toEqual([]);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: 8080 });
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  }, 120000);
});
