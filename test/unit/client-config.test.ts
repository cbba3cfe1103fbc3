import { fileURLToPath } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { InvalidEndpointError, parseEndpoint } from '../../src/client/endpoint.js';
import { adminClientOptions, resolveEndpoint } from '../../src/client/from-config.js';
import { AuthFlowError } from '../../src/client/token-source.js';
import { ConfigError } from '../../src/config/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { PLATFORM_CLIENT_FLAGS } from '../../src/config/registry.js';

const config = (flags: Record<string, string>) => loadConfig({ flags, env: {}, home: '/nonexistent' });
/** A file that exists, for --admin.caCertFilePath (the loader checks that it does). */
const caFile = fileURLToPath(import.meta.url);
const setup = { clientName: 'test/1', env: {} };

describe('endpoint forms', () => {
  test.each([
    ['dns:///admin.example.com:8089', 'dns:///admin.example.com:8089', undefined],
    ['dns:///admin.example.com', 'dns:///admin.example.com:443', undefined],
    ['localhost:8089', 'dns:///localhost:8089', undefined],
    ['admin.example.com', 'dns:///admin.example.com:443', undefined],
    ['http://localhost:8089', 'dns:///localhost:8089', false],
    ['http://localhost', 'dns:///localhost:80', false],
    ['https://admin.example.com', 'dns:///admin.example.com:443', true],
    ['https://admin.example.com:9443/', 'dns:///admin.example.com:9443', true],
  ])('%s -> %s', (endpoint, target, tls) => {
    expect(parseEndpoint(endpoint)).toEqual(tls === undefined ? { target } : { target, tlsFromScheme: tls });
  });

  test('an empty endpoint is refused', () => {
    expect(() => parseEndpoint('  ')).toThrow(/no admin endpoint/);
  });

  test.each([
    ['[::1]:8089', 'dns:///[::1]:8089'],
    ['dns:///[::1]:8089', 'dns:///[::1]:8089'],
    ['host.docker.internal:8089', 'dns:///host.docker.internal:8089'],
    ['unix:/run/orch/admin.sock', 'unix:/run/orch/admin.sock'],
    ['unix:///run/orch/admin.sock', 'unix:///run/orch/admin.sock'],
  ])('%s is an address too -> %s', (endpoint, target) => {
    expect(parseEndpoint(endpoint).target).toBe(target);
  });

  test.each([
    ['dns:///127.0.0.1:', 'the port after ":" is empty'],
    ['localhost:', 'the port after ":" is empty'],
    ['localhost:http', 'the port "http" is not a number from 1 to 65535'],
    ['localhost:0', 'the port "0" is not a number from 1 to 65535'],
    ['localhost:65536', 'the port "65536" is not a number from 1 to 65535'],
    ['https://admin.example.com:', 'the port after ":" is empty'],
    [':8089', 'there is no host'],
    ['dns:///', 'there is no host'],
    ['ad min:8089', '"ad min" is not a host name or IP address'],
    ['::1:8089', 'an IPv6 address goes in brackets, e.g. [::1]:8089'],
    ['ftp://admin.example.com', 'the client does not speak ftp://'],
    ['unix:', 'the socket path is empty'],
  ])('%s is refused: %s', (endpoint, reason) => {
    expect(() => parseEndpoint(endpoint)).toThrow(new InvalidEndpointError(endpoint, reason).message);
  });

  test("configuration names the flag that gave a bad address, or ORCH_API_KEY for the key's", () => {
    expect(() => resolveEndpoint(config({ 'orch.connection.host': 'dns:///127.0.0.1:' }), 'orch')).toThrow(
      '--orch.connection.host: "dns:///127.0.0.1:" is not a valid address (the port after ":" is empty)',
    );
    expect(() => resolveEndpoint(config({ 'admin.endpoint': 'a:b' }), 'admin')).toThrow(
      '--admin.endpoint: "a:b" is not a valid address',
    );
    const key = formatApiKey({
      endpoint: 'admin:',
      insecure: true,
      clientId: 'c',
      clientSecret: 's3cr3t-value',
      org: '',
    });
    let error: unknown;
    try {
      adminClientOptions(config({}), 'orch', { ...setup, env: { ORCH_API_KEY: key } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String(error)).toContain('ORCH_API_KEY: "admin:" is not a valid address');
    expect(String(error)).not.toContain('s3cr3t-value');
  });
});

describe('resolveEndpoint', () => {
  test('each section reads its own flag', () => {
    expect(resolveEndpoint(config({ 'admin.endpoint': 'dns:///a:1' }), 'admin')).toBe('dns:///a:1');
    expect(resolveEndpoint(config({ 'orch.connection.host': 'b:2' }), 'orch')).toBe('b:2');
  });

  test('--org fills --connection.rootTenantURLPattern when no endpoint is set', () => {
    const c = config({
      org: 'acme',
      'connection.rootTenantURLPattern': 'dns:///{{ organization }}.tenant.example.com',
    });
    expect(resolveEndpoint(c, 'admin')).toBe('dns:///acme.tenant.example.com');
    expect(resolveEndpoint(c, 'orch')).toBe('dns:///acme.tenant.example.com');
  });

  test('without any, the error names the flag and suggests config init', () => {
    let error: unknown;
    try {
      resolveEndpoint(config({}), 'admin');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).source).toBe('--admin.endpoint');
    expect((error as Error).message).toContain('orchctl config init --host');
    expect(() => resolveEndpoint(config({}), 'orch')).toThrow(/--orch\.connection\.host/);
  });
});

describe('adminClientOptions', () => {
  test('--admin.* flags map to retries, TLS, message size, service config and header', () => {
    const options = adminClientOptions(
      config({
        'admin.endpoint': 'dns:///a:1',
        'admin.maxRetries': '7',
        'admin.perRetryTimeout': '2s',
        'admin.maxBackoffDelay': '1m0s',
        'admin.caCertFilePath': caFile,
        'admin.maxMessageSizeBytes': '2048',
        'admin.defaultServiceConfig': '{"loadBalancingConfig":[{"pick_first":{}}]}',
        'admin.authorizationHeader': 'orch-authorization',
        'console.endpoint': 'https://console.example.com',
      }),
      'admin',
      setup,
    );
    expect(options).toMatchObject({
      endpoint: 'dns:///a:1',
      insecure: false,
      caCertFile: caFile,
      retry: { maxAttempts: 7, perAttemptSeconds: 2, maxBackoffSeconds: 60 },
      maxReceiveMessageBytes: 2048,
      serviceConfig: '{"loadBalancingConfig":[{"pick_first":{}}]}',
      authorizationHeader: 'orch-authorization',
      consoleEndpoint: 'https://console.example.com',
      clientName: 'test/1',
    });
  });

  test('--orch.connection.* defaults: 4 attempts of 15 s, 8 s cap, keepalive 20 s / 2 m, 10 MiB', () => {
    const options = adminClientOptions(config({ 'orch.connection.host': 'h:1' }), 'orch', setup);
    expect(options).toMatchObject({
      retry: { maxAttempts: 4, perAttemptSeconds: 15, maxBackoffSeconds: 8 },
      keepalive: { timeSeconds: 20, timeoutSeconds: 120, permitWithoutStream: false },
      maxReceiveMessageBytes: 10_485_760,
    });
    expect(options.serviceConfig).toBeUndefined();
  });

  test('a service config that is not a JSON object is refused, naming the flag', () => {
    expect(() =>
      adminClientOptions(
        config({ 'orch.connection.host': 'h:1', 'orch.connection.serviceConfig': '{round robin' }),
        'orch',
        setup,
      ),
    ).toThrow(/--orch\.connection\.serviceConfig: not valid JSON/);
  });

  test('insecureSkipVerify warns once, naming the flag; not with plaintext', () => {
    const warnings: string[] = [];
    adminClientOptions(config({ 'admin.endpoint': 'a:1', 'admin.insecureSkipVerify': 'true' }), 'admin', {
      ...setup,
      warn: (m) => warnings.push(m),
    });
    adminClientOptions(
      config({ 'admin.endpoint': 'a:1', 'admin.insecureSkipVerify': 'true', 'admin.insecure': 'true' }),
      'admin',
      { ...setup, warn: (m) => warnings.push(m) },
    );
    expect(warnings).toEqual([expect.stringMatching(/^--admin\.insecureSkipVerify is set/)]);
  });

  test('the platform commands accept every --orch.connection.* flag', () => {
    expect(PLATFORM_CLIENT_FLAGS).toEqual(
      expect.arrayContaining([
        'orch.connection.host',
        'orch.connection.keepAliveConfig.time',
        'orch.connection.maxRecvMsgSize',
        'orch.connection.serviceConfig',
        'console.endpoint',
        'org',
      ]),
    );
  });
});

describe('authentication from configuration', () => {
  const secret = 'ak-secret-never-shown-77';
  const key = formatApiKey({
    endpoint: 'localhost:8089',
    insecure: true,
    clientId: 'ak-ci',
    clientSecret: secret,
    org: '',
  });
  const failure = (promise: Promise<unknown> | undefined) =>
    (promise as Promise<unknown>).then(
      () => {
        throw new Error('expected a failure');
      },
      (error: unknown) => error as Error,
    );

  test.each(['admin', 'orch'] as const)(
    'ORCH_API_KEY alone is enough (%s): no config file, the endpoint and TLS mode come from the key',
    (section) => {
      const options = adminClientOptions(config({}), section, {
        ...setup,
        env: { ORCH_API_KEY: ` ${key}\n` },
      });
      expect(options).toMatchObject({ endpoint: 'localhost:8089', insecure: true });
      expect(options.tokenSource?.mode).toBe('ApiKey');
    },
  );

  test('ORCH_API_KEY wins over the configured flow; a configured endpoint wins over the key', () => {
    const options = adminClientOptions(
      config({
        'admin.endpoint': 'admin.example.com:443',
        'admin.authType': 'ExternalCommand',
        'admin.command': 'print-token',
      }),
      'admin',
      { ...setup, env: { ORCH_API_KEY: key } },
    );
    expect(options).toMatchObject({ endpoint: 'admin.example.com:443', insecure: false });
    expect(options.tokenSource?.mode).toBe('ApiKey');
    const orch = adminClientOptions(config({ 'orch.auth.enable': 'false' }), 'orch', {
      ...setup,
      env: { ORCH_API_KEY: key },
    });
    expect(orch.tokenSource?.mode).toBe('ApiKey');
  });

  test('a damaged ORCH_API_KEY is a ConfigError naming the variable, never echoing the key', () => {
    const damaged = [
      'sk-live-not-a-key-31337',
      `${key.slice(0, -6)}!!!`,
      `orch_ak_${Buffer.from(JSON.stringify({ v: 1, client_secret: secret })).toString('base64url')}`,
    ];
    for (const value of damaged) {
      let error: unknown;
      try {
        adminClientOptions(config({ 'admin.endpoint': 'a:1' }), 'admin', {
          ...setup,
          env: { ORCH_API_KEY: value },
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).source).toBe('ORCH_API_KEY');
      expect((error as Error).message).not.toContain(value);
      expect((error as Error).message).not.toContain(secret);
      expect((error as Error).message).not.toContain('31337');
    }
  });

  test('without ORCH_API_KEY or an endpoint, the error says how to set either', () => {
    expect(() => adminClientOptions(config({}), 'orch', setup)).toThrow(/ORCH_API_KEY/);
  });

  test('ClientSecret reads its secret only when a token is needed: the variable first, then the file', async () => {
    // A token URL on a closed port: the request fails after the secret was found.
    const flags = {
      'admin.endpoint': 'localhost:1',
      'admin.insecure': 'true',
      'admin.clientSecretEnvVar': 'MY_SECRET',
      'admin.clientSecretLocation': '/nonexistent/client_secret',
      'admin.tokenUrl': 'http://127.0.0.1:1/oauth2/token',
    };
    const missing = adminClientOptions(config(flags), 'admin', setup);
    expect(missing.tokenSource?.mode).toBe('ClientSecret');
    expect(await missing.tokenSource?.cached?.()).toBeUndefined();
    const notFound = await failure(missing.tokenSource?.token({ refresh: false }));
    expect(notFound).toBeInstanceOf(AuthFlowError);
    expect(notFound.message).toBe(
      'ClientSecret: no client secret for client "orch-propeller": the environment variable MY_SECRET is empty or not set, ' +
        'and the file /nonexistent/client_secret cannot be read (ENOENT)',
    );
    const present = adminClientOptions(config(flags), 'admin', {
      ...setup,
      env: { MY_SECRET: ' s3cr3t-value \n' },
    });
    const requested = await failure(present.tokenSource?.token({ refresh: false }));
    expect(requested.message).toMatch(
      /^ClientSecret: no token from http:\/\/127\.0\.0\.1:1\/oauth2\/token: /,
    );
    expect(requested.message).not.toContain('s3cr3t-value');
  });

  test('orch: Pkce (the default) fails only when a token is needed; without a terminal it points at ORCH_API_KEY', async () => {
    const options = adminClientOptions(config({ 'orch.connection.host': 'h:1' }), 'orch', setup);
    expect(options.tokenSource?.mode).toBe('Pkce');
    // Left at its default, the key is the one the admin publishes (as orchctl's).
    expect(options.authorizationHeader).toBeUndefined();
    expect(await options.tokenSource?.cached?.()).toBeUndefined();
    const error = (await failure(options.tokenSource?.token({ refresh: false }))) as AuthFlowError;
    expect(error.message).toMatch(/^Pkce: an interactive login needs a terminal/);
    expect(error.hint).toMatch(/ORCH_API_KEY/);
  });

  test('flags pick the flow, the header, the proxy command; missing parts are named', () => {
    const none = adminClientOptions(
      config({ 'orch.connection.host': 'h:1', 'orch.auth.enable': 'false' }),
      'orch',
      setup,
    );
    expect(none.tokenSource).toBeUndefined();
    const command = adminClientOptions(
      config({
        'orch.connection.host': 'h:1',
        'orch.auth.type': 'ExternalCommand',
        'orch.auth.externalAuth.command': 'print-token,--quiet',
        'orch.auth.authorizationMetadataKey': 'x-token',
      }),
      'orch',
      setup,
    );
    expect(command.tokenSource?.mode).toBe('ExternalCommand');
    expect(command.authorizationHeader).toBe('x-token');
    const proxied = adminClientOptions(
      config({ 'admin.endpoint': 'a:1', 'admin.proxyCommand': 'proxy-token' }),
      'admin',
      setup,
    );
    expect(proxied.proxyTokenSource?.mode).toBe('ProxyCommand');
    expect(proxied.authorizationHeader).toBeUndefined();
    expect(() =>
      adminClientOptions(
        config({ 'admin.endpoint': 'a:1', 'admin.authType': 'ExternalCommand' }),
        'admin',
        setup,
      ),
    ).toThrow(/^--admin\.command: required with --admin\.authType ExternalCommand/);
    expect(() =>
      adminClientOptions(
        config({ 'orch.connection.host': 'h:1', 'orch.auth.type': 'ClientSecret' }),
        'orch',
        setup,
      ),
    ).toThrow(/^--orch\.auth\.clientId: required with --orch\.auth\.type ClientSecret/);
  });
});
