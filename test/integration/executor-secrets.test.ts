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
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'orch-secrets-'));
    const secretsDir = join(dir, 'secrets');
    await import('node:fs/promises').then((fs) => fs.mkdir(secretsDir));
    await writeFile(join(secretsDir, 'db.password'), `${PASSWORD}\n`);
    const server = createServer({
      config: loadConfig({
        flags: { 'server.httpPort': '0', 'server.grpc.port': '0', 'secrets.secrets-prefix': secretsDir },
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
      toJson('orch.admin.Execution', execution),
      toJson('orch.admin.NodeExecutionList', await client.listNodeExecutions(id)),
    ]);
    expect(records).not.toContain(TOKEN);
    expect(records).not.toContain(PASSWORD);
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
