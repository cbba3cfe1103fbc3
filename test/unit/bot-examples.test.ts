import { readFile } from 'node:fs/promises';
import { describe, expect, test } from '@jest/globals';
import { loadAppFile } from '../../src/apps/app-file.js';
import { parseRepoConfig } from '../../src/bot/repo-config.js';

const path = (name: string) => new URL(`../../examples/bot/${name}`, import.meta.url).pathname;

describe('the bot examples (examples/bot)', () => {
  test('app.yaml deploys orch-bot on 8080 with its three secrets, none in argv', async () => {
    const app = (await loadAppFile(path('app.yaml'))).app('bot');
    // The port is written once: the bot listens on $PORT, which the runtime sets from `port`.
    expect(app.argv).toEqual(['orch-bot']);
    expect(app.port).toBe(8080);
    // On orch's own image as `npm run build:image` tags it: npm has no package named orch.
    const { version } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(app.container_image).toMatchObject({ packages: [], base_image: `orch:${version}` });
    expect(app.secrets.map((s) => s.env_var).sort()).toEqual([
      'GITHUB_APP_PRIVATE_KEY',
      'GITHUB_WEBHOOK_SECRET',
      'ORCH_API_KEY',
    ]);
    expect(app.env.GITHUB_APP_ID).toMatch(/^\d+$/);
  });

  test('orch.yaml is a valid repository configuration naming a real workflow file', async () => {
    const config = parseRepoConfig(await readFile(path('orch.yaml'), 'utf8'));
    expect(config.pullRequests.launchPlans.map((lp) => lp.name)).toEqual(['wf.add_one_wf']);
    for (const file of config.files) {
      await expect(readFile(new URL(`../../${file}`, import.meta.url), 'utf8')).resolves.toContain(
        'add_one_wf',
      );
    }
  });

  test('the GitHub App manifest asks for the events the bot handles and the permissions it uses, no more', async () => {
    const manifest = JSON.parse(await readFile(path('app-manifest.json'), 'utf8'));
    expect([...manifest.default_events].sort()).toEqual([
      'check_run',
      'issue_comment',
      'pull_request',
      'push',
    ]);
    expect(manifest.default_permissions).toEqual({
      checks: 'write',
      contents: 'read',
      issues: 'write',
      metadata: 'read',
      pull_requests: 'write',
    });
    expect(manifest.hook_attributes.url).toMatch(/\/api\/github\/webhooks$/);
  });
});
