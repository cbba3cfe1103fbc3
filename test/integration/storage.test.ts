import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import express from 'express';
import { ConfigError } from '../../src/config/errors.js';
import { loadConfig } from '../../src/config/load.js';
import { createBlobRoutes } from '../../src/server/http/blobs.js';
import { silentLogger } from '../../src/server/logger.js';
import {
  BlobNotFoundError,
  type BlobStore,
  BlobTooLargeError,
  DigestMismatchError,
  MIB,
  NativeUrlError,
  UploadTooLargeError,
} from '../../src/server/storage/blob-store.js';
import { openBlobStore, storageSettings } from '../../src/server/storage/open.js';
import { HmacUrlSigner, SignatureError } from '../../src/server/storage/signed-urls.js';
import { s3Flags, startTestS3, type TestS3 } from '../helpers/s3rver.js';

// One suite, run against every backend: they must behave the same.

let dir: string;
let s3: TestS3;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orch-storage-'));
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

type Backend = 'local' | 'mem' | 's3';
let serial = 0;

/** A fresh store of `backend` with extra flags; s3 gets a new bucket each time (created by the store). */
async function open(backend: Backend, flags: Record<string, string> = {}) {
  serial += 1;
  const dataDir = await mkdtemp(join(dir, `${backend}-`));
  const bucket = `bucket-${serial}`;
  const base: Record<string, string> =
    backend === 's3'
      ? s3Flags(s3, bucket)
      : { 'storage.type': backend, ...(backend === 'mem' ? { 'storage.container': bucket } : {}) };
  const config = loadConfig({ flags: { ...base, ...flags }, env: {}, home: dataDir });
  const settings = storageSettings(config.storage, { dataDir, embedded: false });
  const store = await openBlobStore(settings);
  return { store, dataDir, bucket, settings };
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest();

describe.each(['local', 'mem', 's3'] as const)('the %s store', (backend) => {
  let store: BlobStore;
  let dataDir: string;
  let bucket: string;
  beforeAll(async () => {
    ({ store, dataDir, bucket } = await open(backend));
  });
  afterAll(() => store.close());

  test('creates its container when missing', async () => {
    if (backend === 'local') expect((await stat(join(dataDir, 'storage'))).isDirectory()).toBe(true);
    if (backend === 's3') {
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
      });
      await expect(client.send(new HeadBucketCommand({ Bucket: bucket }))).resolves.toBeDefined();
      client.destroy();
    }
    expect(store.options.container).toBe(backend === 'local' ? 'orch' : bucket);
  });

  test('writes, reads, replaces and reports missing objects the same way', async () => {
    await store.put('a/b/c.json', '{"x":1}');
    expect((await store.get('a/b/c.json')).toString()).toBe('{"x":1}');
    await store.put('a/b/c.json', Buffer.from('second'));
    expect((await store.get('a/b/c.json')).toString()).toBe('second');
    expect(await store.stat(store.at('a/b/c.json'))).toEqual({ size: 6 });
    expect(await store.stat(store.at('a/b/none'))).toBeUndefined();
    const missing = store.get('a/b/none');
    await expect(missing).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.get('a/b/none')).rejects.toMatchObject({ code: 'ENOENT' });
    const { size, stream } = await store.openRead(store.at('a/b/c.json'));
    expect(size).toBe(6);
    expect(Buffer.concat(await stream.toArray()).toString()).toBe('second');
  });

  test('native URLs name the scheme, container and key, and only this store is accepted', () => {
    const scheme = { local: 'orch-local', mem: 'orch-mem', s3: 's3' }[backend];
    const container = store.options.container;
    const url = store.urlOf(store.at('uploads/p/d/x.tar.gz'));
    expect(url).toBe(`${scheme}://${container}/uploads/p/d/x.tar.gz`);
    expect(store.locate(url)).toEqual({ container, key: 'uploads/p/d/x.tar.gz' });
    expect(() => store.locate(`gs://${container}/k`)).toThrow(NativeUrlError);
    expect(() => store.locate(`${scheme}://other-bucket/k`)).toThrow(/enable-multicontainer/);
    expect(() => store.locate(`${scheme}://${container}/a/../../etc/passwd`)).toThrow(/"\.\."/);
    expect(() => store.locate('not a url')).toThrow(NativeUrlError);
    expect(() => store.at('../escape')).toThrow(NativeUrlError);
  });

  test('streamed writes check size and MD5 and store nothing when either fails', async () => {
    const bytes = Buffer.from('hello, bundle');
    const location = store.at('streams/ok.bin');
    expect(
      await store.writeStream(location, Readable.from([bytes]), { maxBytes: 100, md5: md5(bytes) }),
    ).toBe(bytes.length);
    expect((await store.read(location)).equals(bytes)).toBe(true);

    const big = store.at('streams/big.bin');
    await expect(
      store.writeStream(big, Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), { maxBytes: 100 }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await store.stat(big)).toBeUndefined();

    const wrong = store.at('streams/wrong.bin');
    await expect(
      store.writeStream(wrong, Readable.from([bytes]), { maxBytes: 100, md5: md5(Buffer.from('other')) }),
    ).rejects.toBeInstanceOf(DigestMismatchError);
    expect(await store.stat(wrong)).toBeUndefined();
    // A failed write leaves an earlier object as it was.
    await expect(
      store.writeStream(location, Readable.from([Buffer.from('evil')]), { maxBytes: 100, md5: md5(bytes) }),
    ).rejects.toBeInstanceOf(DigestMismatchError);
    expect((await store.read(location)).equals(bytes)).toBe(true);
  });

  test('reads into memory are capped by --storage.limits.maxDownloadMBs; streaming is not', async () => {
    const limited = await open(backend, { 'storage.limits.maxDownloadMBs': '1' });
    try {
      await limited.store.put('big.bin', Buffer.alloc(MIB + 1, 7));
      await limited.store.put('fits.bin', Buffer.alloc(MIB, 7));
      expect((await limited.store.get('fits.bin')).length).toBe(MIB);
      const error = await limited.store.get('big.bin').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlobTooLargeError);
      expect((error as Error).message).toMatch(
        /over the read limit of 1048576 bytes .*--storage\.limits\.maxDownloadMBs/,
      );
      const { size, stream } = await limited.store.openRead(limited.store.at('big.bin'));
      expect(size).toBe(MIB + 1);
      stream.destroy();
    } finally {
      limited.store.close();
    }
  });

  test('the read cache (--storage.cache.max_size_mbs) never serves a replaced object', async () => {
    const cached = await open(backend, { 'storage.cache.max_size_mbs': '1' });
    try {
      await cached.store.put('k', 'one');
      expect((await cached.store.get('k')).toString()).toBe('one');
      expect((await cached.store.get('k')).toString()).toBe('one');
      await cached.store.put('k', 'two');
      expect((await cached.store.get('k')).toString()).toBe('two');
    } finally {
      cached.store.close();
    }
  });

  test('with --storage.enable-multicontainer, URLs may name other containers', async () => {
    const multi = await open(backend, { 'storage.enable-multicontainer': 'true' });
    try {
      const scheme = multi.store.scheme;
      expect(multi.store.locate(`${scheme}://other-bucket/k`)).toEqual({
        container: 'other-bucket',
        key: 'k',
      });
      if (backend !== 's3') {
        const other = multi.store.locate(`${scheme}://other-bucket/x/y`);
        await multi.store.write(other, 'elsewhere');
        expect((await multi.store.read(other)).toString()).toBe('elsewhere');
        await expect(multi.store.read(multi.store.at('x/y'))).rejects.toBeInstanceOf(BlobNotFoundError);
      }
    } finally {
      multi.store.close();
    }
  });
});

describe('storage configuration', () => {
  const settingsOf = (flags: Record<string, string>, embedded = false) =>
    storageSettings(loadConfig({ flags, env: {}, home: dir }).storage, { dataDir: dir, embedded });

  test('the embedded default is local; a served admin needs a bucket for s3', () => {
    expect(settingsOf({}, true).type).toBe('local');
    expect(() => settingsOf({})).toThrow(ConfigError);
    expect(() => settingsOf({})).toThrow(/--storage\.container: storage type s3 needs a bucket/);
    expect(() => settingsOf({ 'storage.type': 'minio', 'storage.container': 'b' })).toThrow(
      /--storage\.connection\.endpoint/,
    );
  });

  test('stow answers that it is not supported', () => {
    expect(() => settingsOf({ 'storage.type': 'stow' })).toThrow(/storage type stow is not supported/);
  });

  test('accesskey needs both keys; minio and custom endpoints use path-style addressing', () => {
    expect(() =>
      settingsOf({
        'storage.type': 's3',
        'storage.container': 'b',
        'storage.connection.auth-type': 'accesskey',
        'storage.connection.access-key': 'AK',
      }),
    ).toThrow(/--storage\.connection\.secret-key/);
    const minio = settingsOf({
      'storage.type': 'minio',
      'storage.container': 'b',
      'storage.connection.endpoint': 'localhost:9000',
      'storage.defaultHttpClient.timeout': '5s',
    });
    expect(minio).toMatchObject({
      type: 'minio',
      container: 'b',
      s3: { forcePathStyle: true, region: 'us-east-1', timeoutMs: 5000 },
    });
    const aws = settingsOf({ 'storage.type': 's3', 'storage.container': 'b' });
    expect(aws).toMatchObject({ s3: { forcePathStyle: false } });
  });

  test('a local store given a folder keeps the container name orch; a plain name is the container', () => {
    expect(settingsOf({ 'storage.type': 'local', 'storage.container': '/srv/orch' })).toMatchObject({
      container: 'orch',
      dir: join(dir, 'storage'),
    });
    expect(settingsOf({ 'storage.type': 'local', 'storage.container': 'blobs' })).toMatchObject({
      container: 'blobs',
    });
    expect(() => settingsOf({ 'storage.type': 'mem', 'storage.container': 'Bad Name' })).toThrow(
      /not a container name/,
    );
  });

  test('refused S3 credentials fail with the reason but never the secret key', async () => {
    const secret = 'very-secret-key-value';
    const error = await openBlobStore(
      storageSettings(
        loadConfig({
          flags: {
            ...s3Flags(s3, 'wrong-creds'),
            'storage.connection.access-key': 'UNKNOWN',
            'storage.connection.secret-key': secret,
          },
          env: {},
          home: dir,
        }).storage,
        { dataDir: dir, embedded: false },
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/cannot reach bucket wrong-creds/);
    expect(String((error as Error).message)).not.toContain(secret);
    expect(JSON.stringify(error)).not.toContain(secret);
  });
});

describe('signed blob URLs expire by an injected clock (no waiting)', () => {
  const secret = Buffer.alloc(32, 7);
  /** Unix seconds after which the URLs below are refused (2030-03-17T17:46:40Z). */
  const expires = 1_900_000_000;
  let clock = 0;
  const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

  test('a URL holds through the last millisecond of its expiry second and is refused from the next', () => {
    const signer = new HmacUrlSigner(secret, 'orch-mem', () => 'http://admin.test', { now: () => clock });
    const location = { container: 'orch', key: 'uploads/a.txt' };
    const url = signer.sign({ method: 'GET', location, expires });
    clock = expires * 1000 + 999;
    expect(signer.verify('GET', location, queryOf(url))).toEqual({ method: 'GET', location, expires });
    clock = (expires + 1) * 1000;
    expect(() => signer.verify('GET', location, queryOf(url))).toThrow(SignatureError);
    expect(() => signer.verify('GET', location, queryOf(url))).toThrow(
      'the signed URL expired at 2030-03-17T17:46:40.000Z',
    );
    // An explicit time still wins over the clock.
    expect(signer.verify('GET', location, queryOf(url), expires).expires).toBe(expires);
  });

  test('the blob routes answer 403 to an expired PUT and store nothing; a moment before, it stores', async () => {
    const { store, bucket } = await open('mem');
    let base = '';
    const signer = new HmacUrlSigner(secret, store.scheme, () => base, { now: () => clock });
    const app = express().use(
      createBlobRoutes({ store, signer, maxUploadBytes: 1024, logger: silentLogger, now: () => clock }),
    );
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const bytes = Buffer.from('signed');
      const location = { container: bucket, key: 'uploads/expiring.txt' };
      const url = signer.sign({ method: 'PUT', location, expires, md5: md5(bytes) });
      const put = () => fetch(url, { method: 'PUT', body: bytes, signal: AbortSignal.timeout(5000) });

      clock = (expires + 1) * 1000;
      const late = await put();
      expect(late.status).toBe(403);
      expect(await late.json()).toMatchObject({
        code: 7,
        message: expect.stringMatching(/^the signed URL expired at 2030-/),
      });
      expect(await store.stat(location)).toBeUndefined();

      clock = expires * 1000 + 999;
      const inTime = await put();
      expect(inTime.status).toBe(200);
      await inTime.arrayBuffer();
      expect((await store.read(location)).toString()).toBe('signed');
    } finally {
      server.close();
      store.close();
    }
  });
});
