import { describe, expect, test } from '@jest/globals';
import { parseEndpoint } from '../../src/client/endpoint.js';
import { adminClientOptions, resolveEndpoint } from '../../src/client/from-config.js';
import { ConfigError } from '../../src/config/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { PLATFORM_CLIENT_FLAGS } from '../../src/config/registry.js';

const config = (flags: Record<string, string>) => loadConfig({ flags, env: {}, home: '/nonexistent' });
const setup = { clientName: 'test/1' };

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
        'admin.caCertFilePath': '/etc/ca.pem',
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
      caCertFile: '/etc/ca.pem',
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
