import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { toJson } from '../../src/api/json.js';
import { literalMapFromJson, literalMapToJson, parseType } from '../../src/api/literals.js';
import { AdminClient } from '../../src/client/admin-client.js';
import { loadConfig } from '../../src/config/load.js';
import { createServer } from '../../src/server/server.js';
import { waitForExecution } from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow } from '../helpers/specs.js';

// Declared secrets reach the task process as the variables it asks for, from the server's own
// secret source: ORCH_SECRET_<key> in its environment, else a file under --secrets.secrets-prefix.

const TOKEN = 'tok-5f1d-very-secret';
const PASSWORD = 'pw-from-file-81c2';
const scope = { project: 'default', domain: 'development' };
const X = { variables: { x: { type: parseType('integer') } } };

describe('declared secrets', () => {
  let dir: string;
  let client: AdminClient;
  let close: () => Promise<void>;
  let http: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-secrets-'));
    const secretsDir = join(dir, 'secrets');
    await import('node:fs/promises').then((fs) => fs.mkdir(secretsDir));
    await writeFile(join(secretsDir, 'db.password'), `${PASSWORD}\n`);
    const server = createServer({
      config: loadConfig({
        flags: {
          'server.httpPort': '0',
          'sharedservice.security.allowLocalhostAccess': 'true',
          'server.grpc.port': '0',
          'secrets.secrets-prefix': secretsDir,
        },
        env: {},
        home: dir,
      }),
      dataDir: dir,
      taskEnv: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      secretEnv: { ORCH_SECRET_API_TOKEN: TOKEN, UNRELATED: 'x' },
      logger: { info() {}, warn() {}, error() {} },
    });
    const addresses = await server.listen();
    client = new AdminClient({ endpoint: addresses.grpcEndpoint, insecure: true });
    http = addresses.httpEndpoint;
    close = () => server.close();
  });
  afterAll(async () => {
    client.close();
    await close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Registers a one-task workflow whose task declares `secrets` and runs `script`; runs it. */
  async function run(name: string, secrets: { key: string; env_var: string }[], script: string) {
    const task = nodeTask(name, 'v1', script, { x: 'integer' }, { o0: 'integer' });
    if (task.template) task.template.security_context = { secrets };
    await client.createTask(idOf('TASK', name, 'v1'), task);
    const wf = idOf('WORKFLOW', `${name}_wf`, 'v1');
    await client.createWorkflow(wf, oneNodeWorkflow(`${name}_wf`, 'v1', idOf('TASK', name, 'v1')));
    await client.createLaunchPlan(idOf('LAUNCH_PLAN', `${name}_wf`, 'v1'), launchPlanOf(wf));
    const id = await client.createExecution({
      ...scope,
      spec: { launch_plan: idOf('LAUNCH_PLAN', `${name}_wf`, 'v1') },
      inputs: literalMapFromJson({ x: 1 }, X),
    });
    return { id, execution: await waitForExecution(client, id) };
  }

  test('from the environment and from a file, as the variables the task names; nothing else leaks in', async () => {
    const script =
      "const fs=require('fs');const ok=process.env.API_TOKEN===" +
      JSON.stringify(TOKEN) +
      '&&process.env.DB_PASSWORD===' +
      JSON.stringify(PASSWORD) +
      '&&process.env.UNRELATED===undefined&&process.env.ORCH_SECRET_API_TOKEN===undefined;' +
      'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:ok?1:0}))';
    const { id, execution } = await run(
      'uses_secrets',
      [
        { key: 'API_TOKEN', env_var: 'API_TOKEN' },
        { key: 'db.password', env_var: 'DB_PASSWORD' },
      ],
      script,
    );
    expect(execution.closure?.phase).toBe('SUCCEEDED');
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 1 });
    const records = JSON.stringify([
      toJson('orch.admin.v1.Execution', execution),
      toJson('orch.admin.v1.NodeExecutionList', await client.listNodeExecutions(id)),
    ]);
    expect(records).not.toContain(TOKEN);
    expect(records).not.toContain(PASSWORD);
  });

  test("platform secrets: the narrowest scope wins; the server's own keys are never handed out", async () => {
    const create = async (id: Record<string, string>, value: string) => {
      const res = await fetch(`${http}/api/v1/secrets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, secret_spec: { string_value: value } }),
      });
      expect(res.status).toBe(200);
    };
    await create({ name: 'SHARED' }, 'org-wide-value');
    await create({ name: 'SHARED', domain: 'development' }, 'domain-value-7d1');
    await create({ name: 'ONLY_ORG' }, 'org-only-value');
    await create({ name: 'PROJ', domain: 'development', project: 'default' }, 'project-value-3c9');
    await create({ name: 'PROJ', domain: 'production', project: 'default' }, 'other-domain');
    const script =
      "const e=process.env;const ok=e.SHARED==='domain-value-7d1'&&e.ONLY_ORG==='org-only-value'&&e.PROJ==='project-value-3c9';" +
      "require('fs').writeFileSync(e.ORCH_OUTPUTS_FILE,JSON.stringify({o0:ok?1:0}))";
    const { id, execution } = await run(
      'platform_secrets',
      ['SHARED', 'ONLY_ORG', 'PROJ'].map((key) => ({ key, env_var: key })),
      script,
    );
    expect(literalMapToJson(execution.closure?.outputs)).toEqual({ o0: 1 });
    const listed = await (await fetch(`${http}/api/v1/secrets`)).text();
    const records =
      JSON.stringify([
        toJson('orch.admin.v1.Execution', execution),
        toJson('orch.admin.v1.NodeExecutionList', await client.listNodeExecutions(id)),
      ]) + listed;
    for (const value of ['domain-value-7d1', 'org-only-value', 'project-value-3c9'])
      expect(records).not.toContain(value);

    const reserved = await run(
      'wants_signing_key',
      [{ key: 'token_rsa_key.pem', env_var: 'KEY' }],
      "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,'{\"o0\":1}')",
    );
    expect(reserved.execution.closure?.phase).toBe('FAILED');
    expect(reserved.execution.closure?.error?.message).toMatch(
      /secret token_rsa_key\.pem \(for KEY\) is not set/,
    );
  });

  test('a secret the server does not have fails the node as a SYSTEM error naming it, not running the task', async () => {
    const { execution } = await run(
      'missing_secret',
      [{ key: 'NOT_THERE', env_var: 'NOT_THERE' }],
      "require('fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE,'{\"o0\":1}')",
    );
    expect(execution.closure?.phase).toBe('FAILED');
    expect(execution.closure?.error?.message).toMatch(/secret NOT_THERE \(for NOT_THERE\) is not set/);
    expect(execution.closure?.error?.kind).toBe('SYSTEM');
  });
});
