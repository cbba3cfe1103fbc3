import {
  type handleUnaryCall,
  type Metadata,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServiceError,
  status,
} from '@grpc/grpc-js';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { loadApi } from '../../src/api/proto.js';
import { AdminClient, type AdminClientOptions } from '../../src/client/admin-client.js';
import {
  AlreadyExistsError,
  DeadlineExceededError,
  InvalidArgumentError,
  NotFoundError,
  PermissionError,
  ResourceExhaustedError,
  UnauthenticatedError,
  UnavailableError,
} from '../../src/client/errors.js';
import { AuthFlowError, type TokenRequest, type TokenSource } from '../../src/client/token-source.js';

// A tiny admin server built from the real .proto files: GetProject fails with a scripted sequence of
// codes before it answers, and records when each attempt arrived and what metadata it carried.

interface Attempt {
  at: number;
  metadata: Metadata;
}

let server: Server;
let endpoint: string;
let script: (number | 'slow')[] = [];
let attempts: Attempt[] = [];
let requireToken: string | undefined;

const failure = (code: number): Partial<ServiceError> => ({ code, details: `scripted ${status[code]}` });

const getProject: handleUnaryCall<{ id: string }, unknown> = (
  call: ServerUnaryCall<{ id: string }, unknown>,
  callback,
) => {
  attempts.push({ at: Date.now(), metadata: call.metadata });
  if (requireToken !== undefined) {
    const sent = call.metadata.get('orch-authorization')[0];
    if (sent !== `Bearer ${requireToken}`) {
      callback(failure(status.UNAUTHENTICATED) as ServiceError);
      return;
    }
  }
  const next = script.shift();
  if (next === 'slow') {
    setTimeout(() => callback(null, { id: call.request.id, name: 'late' }), 1500);
    return;
  }
  if (next !== undefined) callback(failure(next) as ServiceError);
  else callback(null, { id: call.request.id, name: call.request.id === 'big' ? 'x'.repeat(50_000) : 'ok' });
};

beforeAll(async () => {
  const api = loadApi().grpc.orch.service.v1;
  server = new Server();
  server.addService(api.AdminService.service, { GetProject: getProject });
  server.addService(api.AuthMetadataService.service, {
    GetPublicClientConfig: (_call: unknown, callback: (err: null, res: unknown) => void) =>
      callback(null, { authorization_metadata_key: 'orch-authorization' }),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  endpoint = `127.0.0.1:${port}`;
});
afterAll(() => {
  server.forceShutdown();
});
beforeEach(() => {
  script = [];
  attempts = [];
  requireToken = undefined;
});

function client(options: Partial<AdminClientOptions> = {}): AdminClient {
  return new AdminClient({
    endpoint,
    insecure: true,
    retry: { initialBackoffMs: 50, maxBackoffSeconds: 8, perAttemptSeconds: 5, ...options.retry },
    ...options,
  });
}

const gaps = () => attempts.slice(1).map((a, i) => a.at - (attempts[i] as Attempt).at);

describe('retries', () => {
  test('Unavailable is retried with growing, jittered delays until it succeeds', async () => {
    script = [status.UNAVAILABLE, status.UNAVAILABLE, status.UNAVAILABLE];
    const c = client();
    expect((await c.getProject('p')).name).toBe('ok');
    expect(attempts).toHaveLength(4);
    // Backoff doubles from 50 ms with a x1..x2 jitter: 50-100, 100-200, 200-400 ms between arrivals.
    const waits = gaps();
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(45);
    expect(waits[1]).toBeGreaterThanOrEqual(95);
    expect(waits[2]).toBeGreaterThanOrEqual(195);
    c.close();
  });

  test('delays stay under maxBackoffDelay; after maxRetries attempts the error names the connection', async () => {
    script = Array(10).fill(status.UNAVAILABLE);
    const c = client({ retry: { maxAttempts: 6, initialBackoffMs: 40, maxBackoffSeconds: 0.12 } });
    // Capped at 120 ms, the five waits add up to at most 80 + 120 x 4 = 560 ms, so all six attempts fit
    // in a 1.2 s call deadline; doubling from 40 ms without the cap would need at least 1,240 ms.
    const error = await c.getProject('p', { deadline: new Date(Date.now() + 1200) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect(attempts).toHaveLength(6);
    const { message, hint } = error as UnavailableError;
    expect(message).toContain(endpoint);
    expect(message).toContain('plaintext');
    expect(message).toContain('auth none');
    expect(hint).toContain('orchctl config init --host');
    c.close();
  });

  test('ResourceExhausted is retried too', async () => {
    script = [status.RESOURCE_EXHAUSTED];
    const c = client();
    expect((await c.getProject('p')).name).toBe('ok');
    expect(attempts).toHaveLength(2);
    c.close();
  });

  test('an attempt that outlives perRetryTimeout is abandoned and tried again', async () => {
    script = ['slow'];
    const c = client({ retry: { perAttemptSeconds: 0.4 } });
    expect((await c.getProject('p')).name).toBe('ok');
    expect(attempts).toHaveLength(2);
    c.close();
  });

  test('every attempt timing out gives DeadlineExceededError', async () => {
    script = ['slow', 'slow'];
    const c = client({ retry: { perAttemptSeconds: 0.3, maxAttempts: 2 } });
    await expect(c.getProject('p')).rejects.toBeInstanceOf(DeadlineExceededError);
    expect(attempts).toHaveLength(2);
    c.close();
  });

  test.each([
    [status.INVALID_ARGUMENT, InvalidArgumentError],
    [status.NOT_FOUND, NotFoundError],
    [status.ALREADY_EXISTS, AlreadyExistsError],
    [status.PERMISSION_DENIED, PermissionError],
    [status.UNAUTHENTICATED, UnauthenticatedError],
  ])('code %i is tried once', async (code, kind) => {
    script = [code, code, code];
    const c = client();
    await expect(c.getProject('p')).rejects.toBeInstanceOf(kind);
    expect(attempts).toHaveLength(1);
    c.close();
  });

  test('maxRetries 1 means a single attempt', async () => {
    script = [status.UNAVAILABLE];
    const c = client({ retry: { maxAttempts: 1 } });
    await expect(c.getProject('p')).rejects.toBeInstanceOf(UnavailableError);
    expect(attempts).toHaveLength(1);
    c.close();
  });
});

describe('tokens and metadata', () => {
  /** Hands out the next scripted token on first use and on each refresh; keeps it otherwise. */
  class ScriptedTokens implements TokenSource {
    readonly mode = 'ClientSecret';
    calls: boolean[] = [];
    private current: string | undefined;
    constructor(private readonly tokens: string[]) {}
    async token({ refresh }: { refresh: boolean }) {
      if (this.current !== undefined && !refresh) return this.current;
      this.calls.push(refresh);
      this.current = this.tokens.shift() ?? 'none-left';
      return this.current;
    }
  }

  test('the token goes in the header the server advertises; a refused one is refreshed once', async () => {
    requireToken = 'good';
    const tokens = new ScriptedTokens(['stale', 'good']);
    const c = client({ tokenSource: tokens });
    expect((await c.getProject('p')).name).toBe('ok');
    expect(tokens.calls).toEqual([false, true]);
    expect(attempts.map((a) => a.metadata.get('orch-authorization')[0])).toEqual([
      'Bearer stale',
      'Bearer good',
    ]);
    // The fresh token is kept for the next call.
    attempts = [];
    await c.getProject('q');
    expect(tokens.calls).toEqual([false, true]);
    expect(attempts).toHaveLength(1);
    c.close();
  });

  test('a token refused twice fails with UnauthenticatedError naming the auth mode', async () => {
    requireToken = 'never';
    const tokens = new ScriptedTokens(['a', 'b', 'c']);
    const c = client({ tokenSource: tokens });
    const error = await c.getProject('p').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect((error as Error).message).toContain('auth ClientSecret');
    expect(tokens.calls).toEqual([false, true]);
    expect(attempts).toHaveLength(2);
    c.close();
  });

  test('--admin.authorizationHeader overrides the advertised header', async () => {
    const c = client({ tokenSource: new ScriptedTokens(['t']), authorizationHeader: 'X-Custom-Auth' });
    await c.getProject('p');
    expect(attempts[0]?.metadata.get('x-custom-auth')).toEqual(['Bearer t']);
    expect(attempts[0]?.metadata.get('orch-authorization')).toEqual([]);
    c.close();
  });

  test('the client name goes as metadata and in the user agent', async () => {
    const c = client({ clientName: 'orchctl/9.9.9' });
    await c.getProject('p');
    expect(attempts[0]?.metadata.get('x-orch-client')).toEqual(['orchctl/9.9.9']);
    expect(String(attempts[0]?.metadata.get('user-agent')[0])).toContain('orchctl/9.9.9');
    c.close();
  });

  test('a message over maxReceiveMessageBytes is refused', async () => {
    const c = client({ maxReceiveMessageBytes: 10_000, retry: { maxAttempts: 1 } });
    await expect(c.getProject('big')).rejects.toBeInstanceOf(ResourceExhaustedError);
    const roomy = client();
    expect((await roomy.getProject('big')).name).toHaveLength(50_000);
    c.close();
    roomy.close();
  });
});

describe('lazy authentication', () => {
  /** A source with a cache: `cachedToken` is what it holds; `token()` hands out `fresh`, or fails. */
  class LazyTokens implements TokenSource {
    readonly mode = 'ApiKey';
    requests: TokenRequest[] = [];
    constructor(
      private cachedToken: string | undefined,
      private readonly fresh: string | Error,
    ) {}
    async cached() {
      return this.cachedToken;
    }
    async token(request: TokenRequest) {
      this.requests.push(request);
      if (this.fresh instanceof Error) throw this.fresh;
      this.cachedToken = this.fresh;
      return this.fresh;
    }
  }
  const sentTokens = () => attempts.map((a) => a.metadata.get('orch-authorization')[0]);

  test('without a cached token the first call goes out anonymously; a token is fetched on Unauthenticated', async () => {
    requireToken = 'fresh';
    const tokens = new LazyTokens(undefined, 'fresh');
    const c = client({ tokenSource: tokens, authorizationHeader: 'orch-authorization' });
    expect((await c.getProject('p')).name).toBe('ok');
    expect(sentTokens()).toEqual([undefined, 'Bearer fresh']);
    expect(tokens.requests).toHaveLength(1);
    expect(tokens.requests[0]?.refresh).toBe(false);
    expect(tokens.requests[0]?.discovery).toBeDefined();
    // From then on every call carries the token.
    attempts = [];
    await c.getProject('q');
    expect(sentTokens()).toEqual(['Bearer fresh']);
    c.close();
  });

  test('a server that lets the caller in never causes a token request', async () => {
    const tokens = new LazyTokens(undefined, new Error('must not be asked'));
    const c = client({ tokenSource: tokens });
    await c.getProject('p');
    await c.getProject('q');
    expect(sentTokens()).toEqual([undefined, undefined]);
    expect(tokens.requests).toHaveLength(0);
    c.close();
  });

  test('a cached token goes with the first call; when refused, a new one is asked for with refresh', async () => {
    requireToken = 'cached';
    const kept = new LazyTokens('cached', new Error('must not be asked'));
    const c = client({ tokenSource: kept, authorizationHeader: 'orch-authorization' });
    await c.getProject('p');
    expect(sentTokens()).toEqual(['Bearer cached']);
    expect(kept.requests).toHaveLength(0);
    c.close();

    requireToken = 'renewed';
    attempts = [];
    const stale = new LazyTokens('expired', 'renewed');
    const d = client({ tokenSource: stale, authorizationHeader: 'orch-authorization' });
    await d.getProject('p');
    expect(sentTokens()).toEqual(['Bearer expired', 'Bearer renewed']);
    expect(stale.requests.map((r) => r.refresh)).toEqual([true]);
    d.close();
  });

  test('a token source failure fails the call once and at once, naming the flow, without backoff', async () => {
    requireToken = 'never';
    const refused = new AuthFlowError(
      'ApiKey: the token endpoint http://127.0.0.1:9/oauth2/token refused client "ak-1": invalid_client',
      'ApiKey',
      { hint: 'create a new key' },
    );
    const tokens = new LazyTokens(undefined, refused);
    const c = client({
      tokenSource: tokens,
      retry: { maxAttempts: 5, initialBackoffMs: 2000, maxBackoffSeconds: 8 },
    });
    const error = await c.getProject('p').catch((e: unknown) => e);
    // Once: one token request, one attempt (the anonymous one), no backoff wait before failing.
    expect(tokens.requests).toHaveLength(1);
    expect(attempts).toHaveLength(1);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect((error as Error).message).toBe(
      `ApiKey: the token endpoint http://127.0.0.1:9/oauth2/token refused client "ak-1": invalid_client; admin ${endpoint} over plaintext`,
    );
    expect((error as UnauthenticatedError).hint).toBe('create a new key');
    expect(attempts).toHaveLength(1);
    c.close();
  });

  test('the proxy token goes as proxy-authorization on every call, anonymous ones too', async () => {
    let runs = 0;
    const proxy: TokenSource = {
      mode: 'ProxyCommand',
      token: async () => {
        runs += 1;
        return 'proxy-t';
      },
    };
    const c = client({ proxyTokenSource: proxy });
    await c.getProject('p');
    await c.getProject('q');
    expect(attempts.map((a) => a.metadata.get('proxy-authorization')[0])).toEqual([
      'Bearer proxy-t',
      'Bearer proxy-t',
    ]);
    expect(attempts[0]?.metadata.get('orch-authorization')).toEqual([]);
    expect(runs).toBe(2);
    c.close();
  });

  test('Unauthenticated without any configured flow says how to give credentials', async () => {
    requireToken = 'x';
    const c = client();
    const error = (await c.getProject('p').catch((e: unknown) => e)) as UnauthenticatedError;
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect(error.message).toContain('auth none');
    expect(error.hint).toMatch(/ORCH_API_KEY/);
    c.close();
  });
});
