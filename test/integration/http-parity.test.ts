import { createHash } from 'node:crypto';
import type { Client, ServiceError } from '@grpc/grpc-js';
import { credentials, Metadata } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { toJson } from '../../src/api/json.js';
import { literalMapFromJson, parseType } from '../../src/api/literals.js';
import { loadApi } from '../../src/api/proto.js';
import { gatewayRoutes } from '../../src/server/http/gateway.js';
import {
  freePort,
  startTestServer,
  TEST_DATABASES,
  type TestServer,
  waitForExecution,
} from '../helpers/server.js';
import { idOf, launchPlanOf, nodeTask, oneNodeWorkflow, registerAddOne } from '../helpers/specs.js';

// Every RPC is called once over gRPC and once over HTTP with the same (or a twin) request, and the
// answers are compared in their JSON form. A new RPC without a case here fails the last test.

const X = { variables: { x: { type: parseType('integer') } } };
const scope = { project: 'default', domain: 'development' };
/** Every service of the API, so that a new one without cases fails the last test. */
const SERVICES = Object.keys(loadApi().grpc.orch.service.v1).map((name) => `orch.service.v1.${name}`);

type Json = Record<string, unknown>;

describe.each(TEST_DATABASES)('HTTP and gRPC give the same answers on %s', (database) => {
  let server: TestServer;
  let stubs: Record<string, Client>;
  const covered = new Set<string>();

  /** The response type of an RPC, e.g. `orch.admin.v1.Project`. */
  function responseType(rpc: string): string {
    for (const service of SERVICES) {
      const method = loadApi().root.lookupService(service).methods[rpc];
      if (method) return (method.resolvedResponseType?.fullName ?? '').replace(/^\./, '');
    }
    throw new Error(`no RPC ${rpc}`);
  }

  /** Calls an RPC over gRPC; resolves to its answer in JSON form, or `{code, message}` on error. */
  function viaGrpc(rpc: string, request: unknown): Promise<Json> {
    covered.add(rpc);
    const stub = Object.values(stubs).find((s) => rpc in s) as unknown as Record<
      string,
      (req: unknown, meta: Metadata, cb: (err: ServiceError | null, res: unknown) => void) => void
    >;
    return new Promise((resolve) => {
      stub[rpc]?.call(stub, request, new Metadata(), (err, res) => {
        if (err) resolve({ grpcCode: err.code, message: err.details });
        else resolve(toJson(responseType(rpc), res as object) as Json);
      });
    });
  }

  /** Calls the HTTP side; resolves to the JSON body, or `{grpcCode, message}` for an error body. */
  async function viaHttp(method: string, path: string, body?: unknown): Promise<Json> {
    const res = await fetch(`${server.addresses.httpEndpoint}${path}`, {
      signal: AbortSignal.timeout(5000),
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Json;
    if (res.ok) return json;
    return { grpcCode: json.code, message: json.message, status: res.status };
  }

  /** Calls a server-streaming RPC over gRPC; resolves to its messages in JSON form, or `{grpcCode, message}`. */
  function viaGrpcStream(rpc: string, request: unknown): Promise<Json[] | Json> {
    covered.add(rpc);
    const stub = Object.values(stubs).find((s) => rpc in s) as unknown as Record<
      string,
      (req: unknown, meta: Metadata) => NodeJS.EventEmitter
    >;
    return new Promise((resolve) => {
      const messages: Json[] = [];
      const call = stub[rpc]?.call(stub, request, new Metadata());
      call?.on('data', (m: object) => messages.push(toJson(responseType(rpc), m) as Json));
      call?.on('error', (err: ServiceError) => resolve({ grpcCode: err.code, message: err.details }));
      call?.on('end', () => resolve(messages));
    });
  }

  /** Reads a Server-Sent Events route to its end: the `data` of every message, or the error body. */
  async function viaSse(path: string, body?: unknown): Promise<Json[] | Json> {
    const res = await fetch(`${server.addresses.httpEndpoint}${path}`, {
      signal: AbortSignal.timeout(10000),
      ...(body === undefined
        ? {}
        : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) {
      const json = (await res.json()) as Json;
      return { grpcCode: json.code, message: json.message };
    }
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text();
    const blocks = text.split('\n\n').filter((b) => b.trim());
    expect(blocks[blocks.length - 1]).toMatch(/^event: end/);
    return blocks
      .filter((b) => !b.startsWith('event:'))
      .map((b) => JSON.parse(b.replace(/^data: /, '')) as Json);
  }

  /** Same request both ways; the answers must be equal. */
  async function same(rpc: string, request: unknown, method: string, path: string, body?: unknown) {
    const grpcAnswer = await viaGrpc(rpc, request);
    const httpAnswer = await viaHttp(method, path, body);
    if ('status' in httpAnswer) delete httpAnswer.status;
    expect(httpAnswer).toEqual(grpcAnswer);
    return grpcAnswer;
  }

  const launchRequest = (name: string, version = 'v1', x = 3) => ({
    ...scope,
    name,
    spec: { launch_plan: idOf('LAUNCH_PLAN', 'wf.add_one_wf', version) },
    inputs: literalMapFromJson({ x }, X),
  });

  beforeAll(async () => {
    server = await startTestServer(database);
    const api = loadApi().grpc.orch.service.v1;
    const target = server.addresses.grpcEndpoint.replace(/^dns:\/\/\//, '');
    const admin = new api.AdminService(target, credentials.createInsecure());
    stubs = {
      admin,
      authMetadata: new api.AuthMetadataService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
      dataProxy: new api.DataProxyService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
      identity: new api.IdentityService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
      secrets: new api.SecretService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
      apiKeys: new api.ApiKeyService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
      apps: new api.AppService(target, credentials.createInsecure(), {
        channelOverride: admin.getChannel(),
      }),
    };
    await registerAddOne(server.client, 'v1');
    await registerAddOne(server.client, 'v2');
    await registerAddOne(server.client, 'slow', 'setTimeout(() => {}, 60000)');
  });
  afterAll(async () => {
    for (const stub of Object.values(stubs)) stub.close();
    await server.stop();
  });

  test('projects and domains', async () => {
    expect(await viaGrpc('RegisterProject', { project: { id: 'from-grpc', name: 'from-grpc' } })).toEqual(
      await viaHttp('POST', '/api/v1/projects', { project: { id: 'from-http', name: 'from-http' } }),
    );
    await same('GetProject', { id: 'from-http' }, 'GET', '/api/v1/projects/from-http');
    await same('GetProject', { id: 'nope' }, 'GET', '/api/v1/projects/nope');
    const update = { name: 'Renamed', description: 'changed', state: 'ARCHIVED' };
    expect(await viaGrpc('UpdateProject', { id: 'from-grpc', ...update })).toEqual(
      await viaHttp('PUT', '/api/v1/projects/from-http', update),
    );
    const grpcProject = await viaGrpc('GetProject', { id: 'from-grpc' });
    const httpProject = await viaGrpc('GetProject', { id: 'from-http' });
    expect(httpProject).toMatchObject({ name: 'Renamed', description: 'changed', state: 'ARCHIVED' });
    expect({ ...httpProject, id: '' }).toEqual({ ...grpcProject, id: '' });
    // UpdateProject replaces the state: leaving it unset is refused rather than taken as ACTIVE.
    expect(await viaGrpc('UpdateProject', { id: 'from-grpc', name: 'Renamed' })).toEqual({
      grpcCode: 3,
      message: expect.stringContaining('state is required (ACTIVE or ARCHIVED)'),
    });
    expect(await viaGrpc('GetProject', { id: 'from-grpc' })).toMatchObject({ state: 'ARCHIVED' });
    const page = await same('ListProjects', { limit: 1 }, 'GET', '/api/v1/projects?limit=1');
    await same(
      'ListProjects',
      { limit: 1, token: page.token },
      'GET',
      `/api/v1/projects?limit=1&token=${page.token}`,
    );
    await same(
      'ListProjects',
      { filters: 'eq(state,ARCHIVED)', sort_by: { key: 'name', direction: 'ASCENDING' } },
      'GET',
      '/api/v1/projects?filters=eq(state,ARCHIVED)&sort_by.key=name&sort_by.direction=ASCENDING',
    );
    await same('GetDomains', {}, 'GET', '/api/v1/domains');
  });

  test('tasks, workflows and launch plans', async () => {
    const task = idOf('TASK', 'wf.add_one', 'v3');
    const taskSpec = nodeTask('wf.add_one', 'v3', 'void 0', { x: 'integer' }, { o0: 'integer' });
    const httpTask = { ...task, version: 'v3h' };
    expect(await viaGrpc('CreateTask', { id: task, spec: taskSpec })).toEqual(
      await viaHttp('POST', '/api/v1/tasks', {
        id: httpTask,
        spec: toJson(
          'orch.admin.v1.TaskSpec',
          nodeTask('wf.add_one', 'v3h', 'void 0', { x: 'integer' }, { o0: 'integer' }),
        ),
      }),
    );
    // Identical re-registration: AlreadyExists both ways.
    await same('CreateTask', { id: task, spec: taskSpec }, 'POST', '/api/v1/tasks', {
      id: task,
      spec: toJson('orch.admin.v1.TaskSpec', taskSpec),
    });
    const wf = idOf('WORKFLOW', 'wf.add_one_wf', 'v3');
    const wfSpec = oneNodeWorkflow('wf.add_one_wf', 'v3', task);
    expect(await viaGrpc('CreateWorkflow', { id: wf, spec: wfSpec })).toEqual(
      await viaHttp('POST', '/api/v1/workflows', {
        id: { ...wf, version: 'v3h' },
        spec: toJson('orch.admin.v1.WorkflowSpec', oneNodeWorkflow('wf.add_one_wf', 'v3h', httpTask)),
      }),
    );
    const lp = idOf('LAUNCH_PLAN', 'wf.add_one_wf', 'v3');
    expect(await viaGrpc('CreateLaunchPlan', { id: lp, spec: launchPlanOf(wf) })).toEqual(
      await viaHttp('POST', '/api/v1/launch_plans', {
        id: { ...lp, version: 'v3h' },
        spec: toJson('orch.admin.v1.LaunchPlanSpec', launchPlanOf({ ...wf, version: 'v3h' })),
      }),
    );

    for (const [plural, singular, type] of [
      ['tasks', 'Task', 'TASK'],
      ['workflows', 'Workflow', 'WORKFLOW'],
      ['launch_plans', 'LaunchPlan', 'LAUNCH_PLAN'],
    ] as const) {
      const name = type === 'TASK' ? 'wf.add_one' : 'wf.add_one_wf';
      await same(
        `Get${singular}`,
        { id: idOf(type, name, 'v3h') },
        'GET',
        `/api/v1/${plural}/default/development/${name}/v3h`,
      );
      await same(
        `Get${singular}`,
        { id: idOf(type, name, 'missing') },
        'GET',
        `/api/v1/${plural}/default/development/${name}/missing`,
      );
      await same(
        `List${singular}s`,
        { id: { ...scope, name }, limit: 2, sort_by: { key: 'version', direction: 'ASCENDING' } },
        'GET',
        `/api/v1/${plural}/default/development/${name}?limit=2&sort_by.key=version&sort_by.direction=ASCENDING`,
      );
      await same(
        `List${singular}s`,
        { id: scope, filters: 'value_in(version,v1;v3h)' },
        'GET',
        `/api/v1/${plural}/default/development?filters=value_in(version,v1;v3h)`,
      );
      const ids = plural.replace(/s$/, '_ids');
      await same(
        `List${singular}Ids`,
        { ...scope, limit: 5 },
        'GET',
        `/api/v1/${ids}/default/development?limit=5`,
      );
    }
    await same(
      'ListTasks',
      { id: scope, filters: 'eq(nope,1)' },
      'GET',
      '/api/v1/tasks/default/development?filters=eq(nope,1)',
    );

    expect(await viaGrpc('UpdateLaunchPlan', { id: lp, state: 'ACTIVE' })).toEqual(
      await viaHttp('PUT', '/api/v1/launch_plans/default/development/wf.add_one_wf/v3h', { state: 'ACTIVE' }),
    );
    const active = await same(
      'GetActiveLaunchPlan',
      { id: { ...scope, name: 'wf.add_one_wf' } },
      'GET',
      '/api/v1/active_launch_plans/default/development/wf.add_one_wf',
    );
    expect((active.id as Json).version).toBe('v3h');

    // A request that leaves the state unset is refused, naming the field; it used to deactivate.
    const unset = await viaGrpc('UpdateLaunchPlan', { id: lp });
    expect(unset).toEqual({ grpcCode: 3, message: 'state is required: ACTIVE or INACTIVE' });
    const unsetHttp = await viaHttp('PUT', '/api/v1/launch_plans/default/development/wf.add_one_wf/v3h', {});
    expect(unsetHttp).toMatchObject({ grpcCode: 3, status: 400 });
    expect(unsetHttp.message).toBe('state is required: ACTIVE or INACTIVE');
    const still = await viaGrpc('GetActiveLaunchPlan', { id: { ...scope, name: 'wf.add_one_wf' } });
    expect(still).toMatchObject({ id: { version: 'v3h' }, closure: { state: 'ACTIVE' } });
  });

  test('executions and node executions', async () => {
    const grpcCreated = await viaGrpc('CreateExecution', launchRequest('via-grpc'));
    const httpCreated = await viaHttp(
      'POST',
      '/api/v1/executions',
      toJson('orch.admin.v1.ExecutionCreateRequest', launchRequest('via-http')),
    );
    expect(httpCreated).toEqual({ id: { ...(grpcCreated.id as Json), name: 'via-http' } });
    // Same name again: AlreadyExists both ways.
    await same(
      'CreateExecution',
      launchRequest('via-http'),
      'POST',
      '/api/v1/executions',
      toJson('orch.admin.v1.ExecutionCreateRequest', launchRequest('via-http')),
    );
    for (const name of ['via-grpc', 'via-http']) await waitForExecution(server.client, { ...scope, name });

    const execution = { ...scope, name: 'via-http' };
    await same('GetExecution', { id: execution }, 'GET', '/api/v1/executions/default/development/via-http');
    await same(
      'GetExecutionData',
      { id: execution },
      'GET',
      '/api/v1/data/executions/default/development/via-http',
    );
    await same(
      'ListExecutions',
      { id: scope, limit: 1, filters: 'eq(phase,SUCCEEDED)' },
      'GET',
      '/api/v1/executions/default/development?limit=1&filters=eq(phase,SUCCEEDED)',
    );
    await same(
      'ListNodeExecutions',
      { workflow_execution_id: execution },
      'GET',
      '/api/v1/node_executions/default/development/via-http',
    );
    await same(
      'GetNodeExecutionData',
      { id: { node_id: 'n0', execution_id: execution } },
      'GET',
      '/api/v1/data/node_executions/default/development/via-http/n0',
    );

    // WatchExecution: a finished execution gives one event (its terminal phase and outputs), then the end.
    const watched = await viaGrpcStream('WatchExecution', { id: execution });
    expect(await viaSse('/api/v1/executions/default/development/via-http/watch')).toEqual(watched);
    expect((watched as Json[]).map((e) => e.phase)).toEqual(['SUCCEEDED']);
    expect(await viaSse('/api/v1/executions/default/development/nope/watch')).toEqual(
      await viaGrpcStream('WatchExecution', { id: { ...scope, name: 'nope' } }),
    );

    const grpcRelaunched = await viaGrpc('RelaunchExecution', { id: execution, name: 'again-grpc' });
    const httpRelaunched = await viaHttp('POST', '/api/v1/executions/relaunch', {
      id: execution,
      name: 'again-http',
    });
    expect(httpRelaunched).toEqual({ id: { ...(grpcRelaunched.id as Json), name: 'again-http' } });

    // Terminate: one running execution each way; a finished one is refused the same way.
    for (const name of ['slow-grpc', 'slow-http'])
      await viaGrpc('CreateExecution', launchRequest(name, 'slow'));
    expect(
      await viaGrpc('TerminateExecution', { id: { ...scope, name: 'slow-grpc' }, cause: 'stop' }),
    ).toEqual(await viaHttp('DELETE', '/api/v1/executions/default/development/slow-http', { cause: 'stop' }));
    for (const name of ['slow-grpc', 'slow-http']) {
      expect((await waitForExecution(server.client, { ...scope, name })).closure?.phase).toBe('ABORTED');
    }
    await same(
      'TerminateExecution',
      { id: execution, cause: 'late' },
      'DELETE',
      '/api/v1/executions/default/development/via-http',
      { cause: 'late' },
    );
  });

  test('version and public client configuration', async () => {
    await same('GetVersion', {}, 'GET', '/api/v1/version');
    await same('GetPublicClientConfig', {}, 'GET', '/config/v1/orch_client');
  });

  test('upload locations and download links', async () => {
    const bytes = Buffer.from('parity bytes');
    const md5 = createHash('md5').update(bytes).digest();
    const upload = { ...scope, filename: 'parity.txt', expires_in: { seconds: 600, nanos: 0 } };
    const uploadJson = {
      ...scope,
      filename: 'parity.txt',
      expires_in: '600s',
      content_md5: md5.toString('base64'),
    };
    // Signed URLs differ only in their expiry and signature when the calls straddle a second.
    const unsigned = (answer: Json) => {
      const urls = ([] as string[]).concat(answer.signed_url as string | string[]).map((url) => {
        const parsed = new URL(url);
        parsed.searchParams.delete('expires');
        parsed.searchParams.delete('signature');
        return parsed.toString();
      });
      const { expires_at, ...rest } = answer;
      return { ...rest, signed_url: urls, expires_at: Date.parse(expires_at as string) / 1000 };
    };
    const sameLink = (a: Json, b: Json) => {
      const [x, y] = [unsigned(a), unsigned(b)];
      expect(Math.abs(x.expires_at - y.expires_at)).toBeLessThanOrEqual(2);
      expect({ ...x, expires_at: 0 }).toEqual({ ...y, expires_at: 0 });
    };
    const grpcUpload = await viaGrpc('CreateUploadLocation', { ...upload, content_md5: md5 });
    const httpUpload = await viaHttp('POST', '/api/v1/dataproxy/artifact_urn', uploadJson);
    expect(grpcUpload.native_url).toMatch(
      /^orch-local:\/\/orch\/default\/development\/[a-z2-7]{26}\/parity\.txt$/,
    );
    sameLink(httpUpload, grpcUpload);
    await same(
      'CreateUploadLocation',
      { domain: 'development', content_md5: md5 },
      'POST',
      '/api/v1/dataproxy/artifact_urn',
      {
        domain: 'development',
        content_md5: md5.toString('base64'),
      },
    );
    await same('CreateUploadLocation', { ...scope }, 'POST', '/api/v1/dataproxy/artifact_urn', { ...scope });

    const put = await fetch(grpcUpload.signed_url as string, {
      method: 'PUT',
      body: bytes,
      headers: grpcUpload.headers as Record<string, string>,
    });
    expect(put.status).toBe(200);
    await put.arrayBuffer();
    const link = { native_url: grpcUpload.native_url, expires_in: { seconds: 60, nanos: 0 } };
    const grpcLink = await viaGrpc('CreateDownloadLink', link);
    const httpLink = await viaHttp('POST', '/api/v1/dataproxy/artifact_link', { ...link, expires_in: '60s' });
    sameLink(httpLink, grpcLink);
    const missing = { native_url: 'orch-local://orch/default/development/none/none.txt' };
    await same('CreateDownloadLink', missing, 'POST', '/api/v1/dataproxy/artifact_link', missing);
    const foreign = { native_url: 's3://bucket/key' };
    await same('CreateDownloadLink', foreign, 'POST', '/api/v1/dataproxy/artifact_link', foreign);
  });

  test('OAuth metadata, identity, secrets and API keys', async () => {
    await same('GetOAuth2Metadata', {}, 'GET', '/.well-known/oauth-authorization-server');
    expect(await same('UserInfo', {}, 'GET', '/me')).toMatchObject({
      subject: 'localhost',
      method: 'localhost',
    });

    const secret = (name: string) => ({ name, domain: 'development', project: 'default', org: '' });
    const spec = { string_value: 'parity-value' };
    expect(await viaGrpc('CreateSecret', { id: secret('from_grpc'), secret_spec: spec })).toEqual(
      await viaHttp('POST', '/api/v1/secrets', { id: secret('from_http'), secret_spec: spec }),
    );
    await same('CreateSecret', { id: secret('from_grpc'), secret_spec: spec }, 'POST', '/api/v1/secrets', {
      id: secret('from_grpc'),
      secret_spec: spec,
    });
    expect(await viaGrpc('UpdateSecret', { id: secret('from_grpc'), secret_spec: spec })).toEqual(
      await viaHttp('PUT', '/api/v1/secrets', { id: secret('from_http'), secret_spec: spec }),
    );
    const query = 'domain=development&project=default';
    const got = await same(
      'GetSecret',
      { id: secret('from_http') },
      'GET',
      `/api/v1/secrets/from_http?${query}`,
    );
    expect(JSON.stringify(got)).not.toContain('parity-value');
    await same('GetSecret', { id: secret('nope') }, 'GET', `/api/v1/secrets/nope?${query}`);
    const list = await same(
      'ListSecrets',
      { domain: 'development', project: 'default' },
      'GET',
      `/api/v1/secrets?${query}`,
    );
    expect((list.secrets as Json[]).map((s) => (s.id as Json).name)).toEqual(['from_grpc', 'from_http']);
    expect(await viaGrpc('DeleteSecret', { id: secret('from_grpc') })).toEqual(
      await viaHttp('DELETE', `/api/v1/secrets/from_http?${query}`),
    );
    await same('DeleteSecret', { id: secret('from_grpc') }, 'DELETE', `/api/v1/secrets/from_grpc?${query}`);

    const viaGrpcKey = await viaGrpc('CreateApiKey', { name: 'from-grpc', role: 'VIEWER' });
    const viaHttpKey = await viaHttp('POST', '/api/v1/api_keys', { name: 'from-http', role: 'VIEWER' });
    const shape = (answer: Json) => ({
      ...answer,
      client_secret: typeof answer.client_secret,
      key: { ...(answer.key as Json), client_id: '', name: '', created_at_ms: '' },
    });
    expect(shape(viaHttpKey)).toEqual(shape(viaGrpcKey));
    await same('CreateApiKey', { name: 'from-grpc', role: 'VIEWER' }, 'POST', '/api/v1/api_keys', {
      name: 'from-grpc',
      role: 'VIEWER',
    });
    const keys = await same('ListApiKeys', {}, 'GET', '/api/v1/api_keys');
    expect((keys.keys as Json[]).map((k) => k.name)).toEqual(['from-grpc', 'from-http']);
    expect(JSON.stringify(keys)).not.toContain(String(viaGrpcKey.client_secret));
    expect(await viaGrpc('DeleteApiKey', { name: 'from-grpc' })).toEqual(
      await viaHttp('DELETE', '/api/v1/api_keys/from-http'),
    );
    await same('DeleteApiKey', { name: 'from-grpc' }, 'DELETE', '/api/v1/api_keys/from-grpc');

    const policy = (name: string) => ({
      name,
      issuer: 'https://token.actions.githubusercontent.com',
      role: 'VIEWER',
      conditions: [{ claim: 'repository', pattern: 'acme/flows', glob: false }],
    });
    const unstamped = (answer: Json) => ({
      ...answer,
      policy: { ...(answer.policy as Json), name: '', created_at_ms: '' },
    });
    expect(
      unstamped(await viaHttp('POST', '/api/v1/trust_policies', { policy: policy('from-http') })),
    ).toEqual(unstamped(await viaGrpc('CreateTrustPolicy', { policy: policy('from-grpc') })));
    await same('CreateTrustPolicy', { policy: policy('from-grpc') }, 'POST', '/api/v1/trust_policies', {
      policy: policy('from-grpc'),
    });
    await same(
      'CreateTrustPolicy',
      { policy: { ...policy('wide'), conditions: [] } },
      'POST',
      '/api/v1/trust_policies',
      {
        policy: { ...policy('wide'), conditions: [] },
      },
    );
    await same('GetTrustPolicy', { name: 'from-grpc' }, 'GET', '/api/v1/trust_policies/from-grpc');
    const policies = await same('ListTrustPolicies', {}, 'GET', '/api/v1/trust_policies');
    expect((policies.policies as Json[]).map((p) => p.name)).toEqual(['from-grpc', 'from-http']);
    expect(await viaGrpc('DeleteTrustPolicy', { name: 'from-grpc' })).toEqual(
      await viaHttp('DELETE', '/api/v1/trust_policies/from-http'),
    );
    await same('DeleteTrustPolicy', { name: 'from-grpc' }, 'DELETE', '/api/v1/trust_policies/from-grpc');
  });

  test('apps: deploy streams the same statuses; get, list, revisions, logs and stop answer alike', async () => {
    const spec = (name: string, port: number) => ({
      id: { name, project: 'default', domain: 'development', org: '' },
      port,
      args: [
        'node',
        '-e',
        "require('http').createServer((q, r) => r.end('ok')).listen(Number(process.env.PORT))",
      ],
      requires_auth: false,
    });
    const states = (answer: Json[] | Json) =>
      (answer as Json[]).map((s) => [
        s.state,
        s.message,
        s.revision,
        (s.endpoint as string).replace(/^http:\/\/[a-z-]+\./, ''),
      ]);
    const grpcStatuses = await viaGrpcStream('Deploy', { spec: spec('via-grpc', await freePort()) });
    const httpStatuses = await viaSse('/api/v1/apps', { spec: spec('via-http', await freePort()) });
    expect(states(httpStatuses)).toEqual(states(grpcStatuses));
    expect((grpcStatuses as Json[]).at(-1)?.state).toBe('Started');
    const shape = (answer: Json) =>
      JSON.parse(
        JSON.stringify(answer)
          .replace(/via-(grpc|http)/g, 'x')
          .replace(/"(port|updated_at_ms)":("?\d+"?)/g, '"$1":0'),
      );
    expect(shape(await viaHttp('GET', '/api/v1/apps/default/development/via-http'))).toEqual(
      shape(await viaGrpc('Get', { id: spec('via-grpc', 0).id })),
    );
    await same('Get', { id: { ...spec('nope', 0).id } }, 'GET', '/api/v1/apps/default/development/nope');
    await same(
      'List',
      { project: 'default', domain: 'development' },
      'GET',
      '/api/v1/apps/default/development',
    );
    const revisionShape = (answer: Json) =>
      JSON.parse(
        JSON.stringify(answer)
          .replace(/via-(grpc|http)/g, 'x')
          .replace(/"(port|updated_at_ms|deployed_at_ms)":("?\d+"?)/g, '"$1":0'),
      );
    expect(
      revisionShape(await viaHttp('GET', '/api/v1/apps/default/development/via-http/revisions?limit=5')),
    ).toEqual(revisionShape(await viaGrpc('ListRevisions', { id: spec('via-grpc', 0).id, limit: 5 })));
    await same(
      'ListRevisions',
      { id: spec('nope', 0).id },
      'GET',
      '/api/v1/apps/default/development/nope/revisions',
    );
    // The app prints nothing: both answer its revision and no line.
    expect(await viaHttp('GET', '/api/v1/apps/default/development/via-http/logs?limit=5')).toEqual(
      await viaGrpc('GetLogs', { id: spec('via-grpc', 0).id, limit: 5 }),
    );
    await same('GetLogs', { id: spec('nope', 0).id }, 'GET', '/api/v1/apps/default/development/nope/logs');
    expect(await viaGrpc('Stop', { id: spec('via-grpc', 0).id })).toEqual(
      await viaHttp('DELETE', '/api/v1/apps/default/development/via-http'),
    );
    await same('Stop', { id: spec('nope', 0).id }, 'DELETE', '/api/v1/apps/default/development/nope');
  });

  test('every RPC of every service was compared', () => {
    const routed = gatewayRoutes().map((r) => r.rpc.split('/')[1]);
    for (const service of SERVICES) {
      for (const rpc of Object.keys(loadApi().root.lookupService(service).methods)) {
        expect(routed).toContain(rpc);
        expect([...covered]).toContain(rpc);
      }
    }
  });
});
