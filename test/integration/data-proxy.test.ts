import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { loadConfig } from '../../src/config/load.js';
import { createServer } from '../../src/server/server.js';
import { HmacUrlSigner } from '../../src/server/storage/signed-urls.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The DataProxyService over HTTP against the real admin server: signed uploads and downloads.

type Json = Record<string, unknown>;
const scope = { project: 'default', domain: 'development' };
const md5Of = (bytes: Buffer) => createHash('md5').update(bytes).digest();

/** POSTs JSON to the admin's HTTP side; the status and the JSON body. */
async function post(endpoint: string, path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${endpoint}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** Asks for an upload location of `bytes`; fails the test unless it answers 200. */
async function uploadLocation(endpoint: string, bytes: Buffer, extra: Json = {}) {
  const { status, json } = await post(endpoint, '/api/v1/dataproxy/artifact_urn', {
    ...scope,
    content_md5: md5Of(bytes).toString('base64'),
    ...extra,
  });
  expect({ status, json }).toMatchObject({ status: 200 });
  return json as {
    signed_url: string;
    native_url: string;
    expires_at: string;
    headers: Record<string, string>;
  };
}

/** A signed GET URL for a native URL: the status and the first URL. */
async function downloadLink(endpoint: string, nativeUrl: string, extra: Json = {}) {
  const { status, json } = await post(endpoint, '/api/v1/dataproxy/artifact_link', {
    native_url: nativeUrl,
    ...extra,
  });
  return { status, json, url: (json.signed_url as string[] | undefined)?.[0] ?? '' };
}

const put = (url: string, body: Buffer | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'PUT',
    body,
    headers,
    signal: AbortSignal.timeout(10000),
    ...(body instanceof Buffer ? {} : { duplex: 'half' }),
  } as RequestInit);

describe('DataProxyService with local storage (signed URLs served by the admin)', () => {
  let server: TestServer;
  let endpoint: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    endpoint = server.addresses.httpEndpoint;
  });
  afterAll(async () => {
    await server.stop();
  });

  test('an upload through the signed URL reads back through a download link', async () => {
    const bytes = Buffer.from('print("hello")\n');
    const location = await uploadLocation(endpoint, bytes, { filename: 'code/main.py' });
    expect(location.native_url).toMatch(
      /^orch-local:\/\/orch\/default\/development\/[a-z2-7]{26}\/code\/main\.py$/,
    );
    expect(location.headers).toEqual({ 'Content-MD5': md5Of(bytes).toString('base64') });
    expect(location.signed_url).toMatch(
      new RegExp(
        `^${endpoint}/blobs/orch/default/development/[a-z2-7]{26}/code/main\\.py\\?method=PUT&expires=\\d+&md5=[\\w-]+&signature=[\\w-]+$`,
      ),
    );
    const res = await put(location.signed_url, bytes, location.headers);
    expect(res.status).toBe(200);
    await res.arrayBuffer();

    const link = await downloadLink(endpoint, location.native_url);
    expect(link.status).toBe(200);
    expect(link.url).toContain('method=GET');
    const got = await fetch(link.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('the same content lands under the same digest folder; filename_root replaces it', async () => {
    const bytes = Buffer.from('same');
    const a = await uploadLocation(endpoint, bytes, { filename: 'a.txt' });
    const b = await uploadLocation(endpoint, bytes, { filename: 'a.txt' });
    expect(a.native_url).toBe(b.native_url);
    const rooted = await uploadLocation(endpoint, bytes, { filename: 'a.txt', filename_root: 'fixed-root' });
    expect(rooted.native_url).toBe('orch-local://orch/default/development/fixed-root/a.txt');
  });

  test('a missing filename becomes 20 random characters', async () => {
    const first = await uploadLocation(endpoint, Buffer.from('x'));
    const second = await uploadLocation(endpoint, Buffer.from('x'));
    const name = (url: string) => url.split('/').pop() ?? '';
    expect(name(first.native_url)).toMatch(/^[a-z0-9]{20}$/);
    expect(name(first.native_url)).not.toBe(name(second.native_url));
  });

  test('expires_in is capped by --server.dataProxy.upload.maxExpiresIn (1h) and honoured below it', async () => {
    const at = (text: string) => Date.parse(text) / 1000;
    const now = Date.now() / 1000;
    const long = await uploadLocation(endpoint, Buffer.from('x'), { expires_in: '86400s' });
    expect(at(long.expires_at) - now).toBeGreaterThan(3600 - 5);
    expect(at(long.expires_at) - now).toBeLessThanOrEqual(3600 + 1);
    const absent = await uploadLocation(endpoint, Buffer.from('x'));
    expect(Math.abs(at(absent.expires_at) - at(long.expires_at))).toBeLessThanOrEqual(2);
    const short = await uploadLocation(endpoint, Buffer.from('x'), { expires_in: '60s' });
    expect(at(short.expires_at) - now).toBeGreaterThan(55);
    expect(at(short.expires_at) - now).toBeLessThanOrEqual(61);
    const negative = await post(endpoint, '/api/v1/dataproxy/artifact_urn', {
      ...scope,
      content_md5: md5Of(Buffer.from('x')).toString('base64'),
      expires_in: '-5s',
    });
    expect(negative.status).toBe(400);
  });

  test('project, domain and a 16-byte content_md5 are required, each error naming its field', async () => {
    const md5 = md5Of(Buffer.from('x')).toString('base64');
    const cases: [Json, RegExp][] = [
      [{ domain: 'development', content_md5: md5 }, /^project is required$/],
      [{ project: 'default', content_md5: md5 }, /^domain is required$/],
      [{ ...scope }, /content_md5 is required/],
      [
        { ...scope, content_md5: Buffer.from('short').toString('base64') },
        /content_md5 must be 16 bytes, got 5/,
      ],
      [{ ...scope, content_md5: md5, filename: '../escape' }, /filename "\.\.\/escape"/],
      [{ project: '../x', domain: 'development', content_md5: md5 }, /project "\.\.\/x"/],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await post(endpoint, '/api/v1/dataproxy/artifact_urn', body);
      expect({ status, code: json.code }).toEqual({ status: 400, code: 3 });
      expect(json.message).toMatch(message);
      expect(json.details).toEqual([]);
    }
  });

  test('a body over --server.dataProxy.upload.maxSize (6Mi) answers 413 and stores nothing', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024 + 1, 1);
    const location = await uploadLocation(endpoint, big, { filename: 'big.bin' });
    const res = await put(location.signed_url, big, location.headers);
    expect(res.status).toBe(413);
    const json = (await res.json()) as Json;
    expect(json).toMatchObject({ code: 8, details: [] });
    expect(json.message).toMatch(/over the limit of 6291456 bytes \(--server\.dataProxy\.upload\.maxSize\)/);
    expect((await downloadLink(endpoint, location.native_url)).status).toBe(404);

    // Without a Content-Length (chunked), the byte counter stops it.
    const streamed = await uploadLocation(endpoint, big, { filename: 'streamed.bin' });
    const chunk = Buffer.alloc(1024 * 1024, 1);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= big.length) {
          controller.close();
          return;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, big.length - sent));
        sent += piece.length;
        controller.enqueue(new Uint8Array(piece));
      },
    });
    const chunked = await put(streamed.signed_url, body, streamed.headers);
    expect(chunked.status).toBe(413);
    await chunked.arrayBuffer();
    expect((await downloadLink(endpoint, streamed.native_url)).status).toBe(404);
  });

  test('a body whose MD5 differs from the signed one answers 400 and stores nothing', async () => {
    const bytes = Buffer.from('expected bytes');
    const location = await uploadLocation(endpoint, bytes, { filename: 'md5.txt' });
    const res = await put(location.signed_url, Buffer.from('other bytes'));
    expect(res.status).toBe(400);
    const json = (await res.json()) as Json;
    expect(json).toMatchObject({ code: 3 });
    expect(json.message).toMatch(/MD5 .* differs from the signed/);
    const header = await put(location.signed_url, bytes, {
      'Content-MD5': md5Of(Buffer.from('z')).toString('base64'),
    });
    expect(header.status).toBe(400);
    await header.arrayBuffer();
    expect((await downloadLink(endpoint, location.native_url)).status).toBe(404);
  });

  test('a tampered signature, a wrong method and an expired URL answer 403', async () => {
    const bytes = Buffer.from('guarded');
    const location = await uploadLocation(endpoint, bytes, { filename: 'guarded.txt' });
    const url = new URL(location.signed_url);

    const tampered = new URL(url);
    const signature = tampered.searchParams.get('signature') ?? '';
    tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    const bad = await put(tampered.toString(), bytes, location.headers);
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 7, message: 'the URL signature does not match' });

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('guarded.txt', 'other.txt');
    expect((await put(otherKey.toString(), bytes, location.headers)).status).toBe(403);

    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await put(extended.toString(), bytes, location.headers)).status).toBe(403);

    const wrongMethod = await fetch(location.signed_url);
    expect(wrongMethod.status).toBe(403);
    expect(((await wrongMethod.json()) as Json).message).toBe('the URL is signed for PUT, not GET');
    const asPost = await fetch(location.signed_url, { method: 'POST', body: bytes });
    expect(asPost.status).toBe(403);
    await asPost.arrayBuffer();

    // The untampered URL still works, and its download link is valid for GET only.
    expect((await put(location.signed_url, bytes, location.headers)).status).toBe(200);
    const link = await downloadLink(endpoint, location.native_url, { expires_in: '30s' });
    const asPut = await put(link.url, bytes);
    expect(asPut.status).toBe(403);
    await asPut.arrayBuffer();
  });

  test('download links need a native URL of this store that exists', async () => {
    const missing = await downloadLink(endpoint, 'orch-local://orch/default/development/none/none.txt');
    expect(missing.status).toBe(404);
    const foreign = await downloadLink(endpoint, 's3://bucket/key');
    expect(foreign.status).toBe(400);
    expect(foreign.json.message).toMatch(/not a native URL of this server's storage/);
    expect((await downloadLink(endpoint, '')).status).toBe(400);
  });
});

/**
 * An admin server in-process over `flags` (storage among them); its HTTP endpoint.
 * @param signingSecret the key of its signed blob URLs (random when absent).
 */
async function startServerWith(flags: Record<string, string>, signingSecret?: Uint8Array) {
  const dataDir = await mkdtemp(join(tmpdir(), 'orch-dataproxy-'));
  const server = createServer({
    config: loadConfig({
      flags: {
        'server.httpPort': '0',
        'sharedservice.security.allowLocalhostAccess': 'true',
        'server.grpc.port': '0',
        'orch.connection.maxRetries': '0',
        ...flags,
      },
      env: {},
      home: dataDir,
    }),
    dataDir,
    signingSecret,
  });
  const addresses = await server.listen();
  return {
    endpoint: addresses.httpEndpoint,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('DataProxyService with local storage and a known URL signing key', () => {
  test('an expired URL answers 403 and stores nothing', async () => {
    const secret = randomBytes(32);
    const server = await startServerWith({ 'storage.type': 'local' }, secret);
    try {
      const bytes = Buffer.from('guarded');
      const shortLived = await uploadLocation(server.endpoint, bytes, {
        filename: 'short.txt',
        expires_in: '1s',
      });
      // The server's own grant (the re-signed URL equals the one it answered), re-signed with an
      // expiry already past: what the 1 s URL is once its second has gone, without waiting for it.
      const url = new URL(shortLived.signed_url);
      const [, container = '', key = ''] = /^orch-local:\/\/([^/]+)\/(.+)$/.exec(shortLived.native_url) ?? [];
      const signer = new HmacUrlSigner(secret, 'orch-local', () => server.endpoint);
      const grant = {
        method: 'PUT' as const,
        location: { container, key },
        expires: Number(url.searchParams.get('expires')),
        md5: md5Of(bytes),
      };
      expect(signer.sign(grant)).toBe(shortLived.signed_url);
      const pastExpiry = signer.sign({ ...grant, expires: Math.floor(Date.now() / 1000) - 1 });

      const expired = await put(pastExpiry, bytes, shortLived.headers);
      expect(expired.status).toBe(403);
      expect(((await expired.json()) as Json).message).toMatch(/^the signed URL expired at \d{4}-/);
      expect((await downloadLink(server.endpoint, shortLived.native_url)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});

describe('DataProxyService with mem storage', () => {
  test('uploads and downloads through the admin under orch-mem:// URLs', async () => {
    const server = await startServerWith({ 'storage.type': 'mem' });
    try {
      const bytes = Buffer.from('in memory');
      const location = await uploadLocation(server.endpoint, bytes, { filename: 'm.txt' });
      expect(location.native_url).toMatch(/^orch-mem:\/\/orch\/default\/development\/[a-z2-7]{26}\/m\.txt$/);
      expect((await put(location.signed_url, bytes, location.headers)).status).toBe(200);
      const link = await downloadLink(server.endpoint, location.native_url);
      expect(Buffer.from(await (await fetch(link.url)).arrayBuffer()).toString()).toBe('in memory');
    } finally {
      await server.stop();
    }
  });
});

describe('DataProxyService with s3 storage (s3rver)', () => {
  let s3: TestS3;
  let server: Awaited<ReturnType<typeof startServerWith>>;
  beforeAll(async () => {
    s3 = await startTestS3();
    server = await startServerWith({
      ...s3Flags(s3, 'orch-data'),
      'server.dataProxy.upload.storagePrefix': 'uploads',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  test('a presigned PUT with Content-MD5 stores the bytes; a presigned GET reads them', async () => {
    const bytes = Buffer.from('stored in s3');
    const location = await uploadLocation(server.endpoint, bytes, { filename: 'bundle.tar.gz' });
    expect(location.native_url).toMatch(
      /^s3:\/\/orch-data\/uploads\/default\/development\/[a-z2-7]{26}\/bundle\.tar\.gz$/,
    );
    expect(location.signed_url.startsWith(`${s3.endpoint}/orch-data/uploads/`)).toBe(true);
    // Content-MD5 is a signed header, so S3 refuses a PUT without it and checks the bytes against it.
    // (s3rver accepts any SigV4 signature, so only the URL's shape can be asserted here.)
    expect(location.signed_url).toContain('X-Amz-SignedHeaders=content-md5%3Bhost');
    const res = await put(location.signed_url, bytes, location.headers);
    expect(res.status).toBe(200);
    await res.arrayBuffer();

    const link = await downloadLink(server.endpoint, location.native_url, { expires_in: '60s' });
    expect(link.status).toBe(200);
    const got = await fetch(link.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
