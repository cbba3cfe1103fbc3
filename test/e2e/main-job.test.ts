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
  test('sandbox with authentication on, API key and secrets, register, webhook launch, execution SUCCEEDED with o0 = 3, nothing left running', async () => {
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

    expect(result.pids.length).toBe(2);
    expect(result.pids.filter(alive)).toEqual([]);
  }, 120000);
});
