import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { canonicalJson } from '../../src/api/canonical.js';
import { nestingDepth } from '../../src/api/limits.js';
import { formatApiKey } from '../../src/client/auth/api-key.js';
import { loadConfig } from '../../src/config/load.js';
import {
  bearerMatches,
  bearerToken,
  KeyRing,
  parseSecretList,
  signatureMatches,
  signBody,
} from '../../src/http-edge/auth.js';
import {
  executionNameForKey,
  launchFingerprint,
  validIdempotencyKey,
} from '../../src/webhook/idempotency.js';
import { isLoopbackHost, requirePlatformCredentials, runWebhook } from '../../src/webhook/main.js';
import {
  DOC_MARKERS,
  replaceWebhookDocSection,
  WEBHOOK_OPENAPI,
  webhookDocSection,
} from '../../src/webhook/openapi.js';
import { captureIO } from '../helpers/io.js';

const ROOT = join(import.meta.dirname, '..', '..');

describe('caller authentication', () => {
  test('secret lists are comma-separated, trimmed, without empty or repeated entries', () => {
    expect(parseSecretList(' new , old,,new ')).toEqual(['new', 'old']);
    expect(parseSecretList(undefined)).toEqual([]);
    expect(parseSecretList(' , ')).toEqual([]);
  });

  test('a key ring finds the matching key and nothing else', () => {
    const ring = new KeyRing(['alpha-key', 'beta-key']);
    expect(ring.indexOf('alpha-key')).toBe(0);
    expect(ring.indexOf('beta-key')).toBe(1);
    expect(ring.indexOf('alpha-ke')).toBe(-1);
    expect(ring.indexOf('')).toBe(-1);
    fc.assert(
      fc.property(fc.string(), (guess) => {
        fc.pre(guess !== 'alpha-key' && guess !== 'beta-key');
        expect(ring.indexOf(guess)).toBe(-1);
      }),
    );
  });

  test('only "Bearer <token>" carries a token; the scheme in any case (RFC 7235 §2.1), 1*SP (RFC 6750 §2.1)', () => {
    for (const header of ['Bearer abc', 'bearer abc', 'BEARER abc', 'bEaReR abc', 'Bearer  abc']) {
      expect(bearerToken(header)).toBe('abc');
    }
    for (const header of [
      'Bearer abc ',
      ' Bearer abc',
      'Bearer',
      'Bearer ',
      'Bearer\tabc',
      'Bearerabc',
      'Bearer a b',
      'Basic abc',
      'bearers abc',
      undefined,
    ]) {
      expect(bearerToken(header)).toBeUndefined();
    }
    expect(bearerMatches('Bearer k', 'k')).toBe(true);
    expect(bearerMatches('bearer k', 'k')).toBe(true);
    expect(bearerMatches('Bearer k2', 'k')).toBe(false);
  });

  test('signatures are HMAC-SHA256 of the raw body, hex, with the sha256= prefix', () => {
    const body = Buffer.from('{"x": 2}');
    const header = signBody(body, 'secret');
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureMatches(header, body, ['other', 'secret'])).toBe(1);
    expect(signatureMatches(header.toUpperCase().replace('SHA256', 'sha256'), body, ['secret'])).toBe(0);
    expect(signatureMatches(header, Buffer.from('{"x":2}'), ['secret'])).toBe(-1);
    expect(signatureMatches(header.slice(0, -1), body, ['secret'])).toBe(-1);
    expect(signatureMatches(header.replace('sha256=', 'sha1='), body, ['secret'])).toBe(-1);
    expect(signatureMatches(undefined, body, ['secret'])).toBe(-1);
    expect(signatureMatches(header, body, [])).toBe(-1);
  });
});

describe('idempotency', () => {
  test('names derived from keys are valid execution names, stable, and distinct', () => {
    const NAME_RULE = /^[a-z][a-z0-9-]*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (key) => {
        const name = executionNameForKey(key);
        expect(name).toMatch(NAME_RULE);
        expect(name.length).toBeLessThanOrEqual(63);
        expect(executionNameForKey(key)).toBe(name);
      }),
    );
    expect(executionNameForKey('a')).not.toBe(executionNameForKey('b'));
    expect(executionNameForKey('order-1')).not.toContain('order');
  });

  test('usable keys are 1-255 printable ASCII characters without outer spaces', () => {
    expect(validIdempotencyKey('a')).toBe(true);
    expect(validIdempotencyKey('delivery 42/abc:def')).toBe(true);
    expect(validIdempotencyKey('x'.repeat(255))).toBe(true);
    for (const bad of ['', ' a', 'a ', 'x'.repeat(256), 'caf\u00e9', 'a\tb', 'a\nb']) {
      expect(validIdempotencyKey(bad)).toBe(false);
    }
  });

  test('fingerprints ignore key order but not values or the launch plan version', () => {
    const lp = { project: 'p', domain: 'd', name: 'n', version: 'v1' };
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(launchFingerprint(lp, { a: 1, b: 2 })).toBe(launchFingerprint(lp, { b: 2, a: 1 }));
    expect(launchFingerprint(lp, { a: 1 })).not.toBe(launchFingerprint(lp, { a: 2 }));
    expect(launchFingerprint(lp, { a: 1 })).not.toBe(launchFingerprint({ ...lp, version: 'v2' }, { a: 1 }));
  });

  test('nesting depth is counted without recursion', () => {
    expect(nestingDepth(1, 64)).toBe(0);
    expect(nestingDepth({ a: [1, { b: [] }] }, 64)).toBe(4);
    const deep = JSON.parse(`${'['.repeat(100000)}${']'.repeat(100000)}`);
    expect(nestingDepth(deep, 64)).toBe(65);
  });
});

describe('the OpenAPI document and docs/webhook.md', () => {
  test('the document is OpenAPI 3.1 and lists every answer of the launch route', () => {
    expect(WEBHOOK_OPENAPI.openapi).toBe('3.1.0');
    const responses = Object.keys(
      WEBHOOK_OPENAPI.paths['/run-workflow/{project}/{domain}/{workflow_name}/{version}'].post.responses,
    );
    expect(responses).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '408', '409', '413', '415', '422', '429', '503']),
    );
    const refs = JSON.stringify(WEBHOOK_OPENAPI).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) {
      expect(Object.keys(WEBHOOK_OPENAPI.components.schemas)).toContain(ref.split('/').pop());
    }
  });

  test('the webhook section of docs/webhook.md is what the generator writes', async () => {
    const doc = await readFile(join(ROOT, 'docs', 'webhook.md'), 'utf8');
    const start = doc.indexOf(DOC_MARKERS.start);
    const end = doc.indexOf(DOC_MARKERS.end);
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start + DOC_MARKERS.start.length + 1, end);
    const fix =
      "regenerate it with: npx tsx -e \"import('./src/webhook/openapi.ts').then(async (m) => { const fs = await " +
      "import('node:fs'); fs.writeFileSync('docs/webhook.md', m.replaceWebhookDocSection(fs.readFileSync('docs/webhook.md', 'utf8'))); })\"";
    if (section !== webhookDocSection())
      throw new Error(`docs/webhook.md's generated section is stale; ${fix}`);
    expect(replaceWebhookDocSection(doc)).toBe(doc);
  });
});

describe('orch-webhook start-up rules', () => {
  test('loopback hosts are the local sandbox', () => {
    for (const host of [
      'localhost:8089',
      'dns:///localhost:8089',
      '127.0.0.1:1',
      'http://127.0.0.2:80',
      '[::1]:8089',
      'a.localhost:1',
    ]) {
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    }
    for (const host of [
      'example.com:443',
      'dns:///admin.internal:8089',
      '10.0.0.1:8089',
      'localhost.example.com:1',
    ]) {
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
    }
  });

  const config = (flags: Record<string, string | boolean>) =>
    loadConfig({ flags, env: {}, home: '/nonexistent' });

  test('ORCH_API_KEY is required, and must be an API key, except against a local plaintext sandbox', async () => {
    const remote = config({ 'orch.connection.host': 'admin.example.com:443' });
    const key = formatApiKey({
      endpoint: 'admin.example.com:443',
      insecure: false,
      clientId: 'ak-1',
      clientSecret: 'platform-secret-123',
      org: '',
    });
    expect(requirePlatformCredentials(remote, { ORCH_API_KEY: key })).toBe(false);
    expect(() => requirePlatformCredentials(remote, { ORCH_API_KEY: 'platform-secret-123' })).toThrow(
      /^ORCH_API_KEY: an API key starts with "orch_ak_"/,
    );
    expect(() => requirePlatformCredentials(remote, {})).toThrow(/ORCH_API_KEY/);
    const sandbox = config({ 'orch.connection.host': 'localhost:8089', 'orch.connection.insecure': true });
    expect(requirePlatformCredentials(sandbox, {})).toBe(true);
    const tlsLocal = config({ 'orch.connection.host': 'localhost:8089' });
    expect(() => requirePlatformCredentials(tlsLocal, {})).toThrow(/ORCH_API_KEY/);
  });

  test('it refuses to start without WEBHOOK_API_KEY, or without ORCH_API_KEY for a remote admin, saying which', async () => {
    const noKey = captureIO({ env: {}, home: '/nonexistent' });
    expect(
      await runWebhook(
        ['--port', '0', '--orch.connection.host', 'localhost:1', '--orch.connection.insecure'],
        noKey,
      ),
    ).toBe(2);
    expect(noKey.err()).toMatch(/WEBHOOK_API_KEY: not set/);

    const noPlatform = captureIO({ env: { WEBHOOK_API_KEY: 'caller-key-123' }, home: '/nonexistent' });
    expect(
      await runWebhook(['--port', '0', '--orch.connection.host', 'admin.example.com:443'], noPlatform),
    ).toBe(2);
    expect(noPlatform.err()).toMatch(/ORCH_API_KEY: not set/);
    expect(noPlatform.err()).not.toContain('caller-key-123');
  });

  test('--help documents the keys, the signing secret and the sandbox exception', async () => {
    const io = captureIO({ env: {}, home: '/nonexistent' });
    expect(await runWebhook(['--help'], io)).toBe(0);
    for (const text of [
      'WEBHOOK_API_KEY',
      'ORCH_API_KEY',
      'WEBHOOK_SIGNING_SECRET',
      'comma-separated',
      '--orch.connection.insecure',
      '--rate-limit',
      '--auth-failure-limit',
      '--auth-failure-window',
      '--request-timeout',
      '--max-body-size',
      '--orch.cache.maxItemsCount',
    ]) {
      expect(io.out()).toContain(text);
    }
  });
});
