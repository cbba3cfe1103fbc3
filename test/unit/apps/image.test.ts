import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from '@jest/globals';
import {
  IMAGE_TAG_LENGTH,
  ImageReferenceError,
  ImageRegistryError,
  imageExists,
  imageReference,
  imageTag,
  parseImageReference,
} from '../../../src/apps/index.js';

const SPEC = { name: 'orch-webhook', packages: ['orch>=0.1.0', 'left-pad==1.3.0'], registry: 'ghcr.io/acme' };

describe('image tags', () => {
  test('22 URL-safe base64 characters, the same for the same spec', () => {
    const tag = imageTag(SPEC);
    expect(IMAGE_TAG_LENGTH).toBe(22);
    expect(tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(imageTag({ ...SPEC })).toBe(tag);
  });

  test('stable across key order, package order and repeated packages', () => {
    const tag = imageTag(SPEC);
    expect(imageTag({ packages: [...SPEC.packages], registry: SPEC.registry, name: SPEC.name })).toBe(tag);
    expect(imageTag({ ...SPEC, packages: [...SPEC.packages].reverse() })).toBe(tag);
    expect(imageTag({ ...SPEC, packages: [...SPEC.packages, 'orch>=0.1.0'] })).toBe(tag);
    // No base image is the same as an empty one.
    expect(imageTag({ ...SPEC, base_image: '' })).toBe(tag);
  });

  test('the registry is not part of the tag: the same content has the same tag everywhere', () => {
    expect(imageTag({ ...SPEC, registry: 'localhost:5000' })).toBe(imageTag(SPEC));
    expect(imageTag({ ...SPEC, registry: '' })).toBe(imageTag(SPEC));
  });

  test('changes when a package, its version, the name or the base image changes', () => {
    const tag = imageTag(SPEC);
    const others = [
      imageTag({ ...SPEC, packages: ['orch>=0.1.1', 'left-pad==1.3.0'] }),
      imageTag({ ...SPEC, packages: ['orch==0.1.0', 'left-pad==1.3.0'] }),
      imageTag({ ...SPEC, packages: ['orch>=0.1.0'] }),
      imageTag({ ...SPEC, packages: [...SPEC.packages, 'express>=5.0.0'] }),
      imageTag({ ...SPEC, name: 'orch-webhook2' }),
      imageTag({ ...SPEC, base_image: 'node:20-slim' }),
      imageTag({ ...SPEC, base_image: 'node:22-slim' }),
    ];
    expect(new Set([tag, ...others]).size).toBe(others.length + 1);
  });

  test('every tag is one an engine accepts: never a leading "-" (one digest in 64 has one)', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => imageTag({ name: `team/app${i}`, packages: [] }));
    for (const tag of tags) expect(tag).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]{21}$/);
    // Some of them began with "-" before: written with "_" instead, still 22 characters.
    expect(tags.filter((tag) => tag.startsWith('_')).length).toBeGreaterThan(0);
  });

  test('a reference is <registry>/<name>:<tag>, or <name>:<tag> without a registry', () => {
    const tag = imageTag(SPEC);
    expect(imageReference(SPEC)).toBe(`ghcr.io/acme/orch-webhook:${tag}`);
    expect(imageReference({ ...SPEC, registry: '' })).toBe(`orch-webhook:${tag}`);
  });
});

describe('taking image references apart', () => {
  test('registry host, repository and tag or digest', () => {
    expect(parseImageReference('ghcr.io/acme/orch-webhook:abc')).toEqual({
      registry: 'ghcr.io',
      repository: 'acme/orch-webhook',
      reference: 'abc',
    });
    expect(parseImageReference('localhost:5000/web:v1')).toEqual({
      registry: 'localhost:5000',
      repository: 'web',
      reference: 'v1',
    });
    expect(parseImageReference('[::1]:5000/a/b:t')).toEqual({
      registry: '[::1]:5000',
      repository: 'a/b',
      reference: 't',
    });
    expect(parseImageReference('localhost/web@sha256:0123')).toEqual({
      registry: 'localhost',
      repository: 'web',
      reference: 'sha256:0123',
    });
  });

  test('a reference without a registry host or a tag is refused', () => {
    expect(() => parseImageReference('orch-webhook:abc')).toThrow(ImageReferenceError);
    expect(() => parseImageReference('orch-webhook:abc')).toThrow('it names no registry host');
    expect(() => parseImageReference('acme/orch-webhook:abc')).toThrow('it names no registry host');
    expect(() => parseImageReference('localhost:5000/web')).toThrow('it has no tag');
    expect(() => parseImageReference('ghcr.io/web:')).toThrow('it has no name or no tag');
  });
});

/** A stand-in registry on 127.0.0.1 whose answers the test writes. */
async function standIn(handler: (req: IncomingMessage, res: ServerResponse, base: string) => void) {
  const server = createServer((req, res) => handler(req, res, base));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return base;
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** What imageExists threw (it must throw). */
async function failure(promise: Promise<unknown>): Promise<ImageRegistryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRegistryError);
  return error as ImageRegistryError;
}

describe('asking a registry whether an image exists', () => {
  const TOKEN = 'anonymous-token-7f3a9c';

  test('HEAD on the manifest over http for a loopback registry, accepting OCI and Docker manifests', async () => {
    const seen: { method?: string; url?: string; accept?: string }[] = [];
    const registry = await standIn((req, res) => {
      seen.push({ method: req.method, url: req.url, accept: req.headers.accept });
      res.writeHead(req.url?.endsWith('/present') ? 200 : 404).end();
    });
    expect(await imageExists(`${registry}/team/web:present`)).toBe(true);
    expect(await imageExists(`${registry}/team/web:absent`)).toBe(false);
    expect(seen[0]).toMatchObject({ method: 'HEAD', url: '/v2/team/web/manifests/present' });
    for (const type of [
      'application/vnd.oci.image.manifest.v1+json',
      'application/vnd.oci.image.index.v1+json',
      'application/vnd.docker.distribution.manifest.v2+json',
      'application/vnd.docker.distribution.manifest.list.v2+json',
    ]) {
      expect(seen[0]?.accept).toContain(type);
    }
  });

  test('https for every other registry, through the fetch given', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      urls.push(String(url));
      return new Response(null, { status: 404 });
    }) as typeof globalThis.fetch;
    expect(await imageExists('ghcr.io/acme/web:t1', { fetch })).toBe(false);
    expect(await imageExists('registry.local:5000/web:t2', { fetch })).toBe(false);
    expect(await imageExists('docker.io/library/node:20', { fetch })).toBe(false);
    expect(urls).toEqual([
      'https://ghcr.io/v2/acme/web/manifests/t1',
      'https://registry.local:5000/v2/web/manifests/t2',
      'https://registry-1.docker.io/v2/library/node/manifests/20',
    ]);
  });

  test('a Bearer challenge is answered with an anonymous token from its realm, once', async () => {
    const tokenRequests: string[] = [];
    const registry = await standIn((req, res, base) => {
      if (req.url?.startsWith('/token')) {
        tokenRequests.push(req.url);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: TOKEN }));
      } else if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res
          .writeHead(401, {
            'www-authenticate': `Bearer realm="http://${base}/token",service="stand-in",scope="repository:team/web:pull"`,
          })
          .end();
      } else {
        res.writeHead(req.url?.endsWith('/present') ? 200 : 404).end();
      }
    });
    expect(await imageExists(`${registry}/team/web:present`)).toBe(true);
    expect(await imageExists(`${registry}/team/web:absent`)).toBe(false);
    expect(tokenRequests).toEqual([
      '/token?service=stand-in&scope=repository%3Ateam%2Fweb%3Apull',
      '/token?service=stand-in&scope=repository%3Ateam%2Fweb%3Apull',
    ]);
  });

  test('without a scope in the challenge the token is asked for pulling the repository; access_token is read too', async () => {
    const tokenRequests: string[] = [];
    const registry = await standIn((req, res, base) => {
      if (req.url?.startsWith('/auth')) {
        tokenRequests.push(req.url);
        res.writeHead(200).end(JSON.stringify({ access_token: TOKEN }));
      } else if (req.headers.authorization === `Bearer ${TOKEN}`) {
        res.writeHead(200).end();
      } else {
        res.writeHead(401, { 'www-authenticate': `Bearer realm="http://${base}/auth"` }).end();
      }
    });
    expect(await imageExists(`${registry}/web:t`)).toBe(true);
    expect(tokenRequests).toEqual(['/auth?scope=repository%3Aweb%3Apull']);
  });

  test('a registry that still refuses with the token, or wants other credentials, is an error without the token', async () => {
    const bearer = await standIn((req, res, base) => {
      if (req.url?.startsWith('/token')) res.writeHead(200).end(JSON.stringify({ token: TOKEN }));
      else res.writeHead(401, { 'www-authenticate': `Bearer realm="http://${base}/token"` }).end();
    });
    const refused = await failure(imageExists(`${bearer}/private/web:t`));
    expect(refused.registry).toBe(bearer);
    expect(refused.status).toBe(401);
    expect(refused.message).toBe(
      `the image registry ${bearer} answered 401 to an anonymous check of private/web:t, even with an anonymous ` +
        'token: the repository is not readable without credentials',
    );
    expect(refused.message).not.toContain(TOKEN);

    const basic = await standIn((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="registry"' }).end();
    });
    const wantsBasic = await failure(imageExists(`${basic}/web:t`));
    expect(wantsBasic.status).toBe(401);
    expect(wantsBasic.message).toContain(`the image registry ${basic} answered 401 Unauthorized`);
    expect(wantsBasic.message).toContain('it asks for basic credentials');

    const badToken = await standIn((req, res, base) => {
      if (req.url?.startsWith('/token')) res.writeHead(503).end();
      else res.writeHead(401, { 'www-authenticate': `Bearer realm="http://${base}/token"` }).end();
    });
    const noToken = await failure(imageExists(`${badToken}/web:t`));
    expect(noToken.status).toBe(503);
    expect(noToken.message).toBe(
      `the token service of image registry ${badToken} (http://${badToken}) answered 503 to a request for an anonymous token`,
    );
  });

  test('any other status is an error naming the registry and the status', async () => {
    const registry = await standIn((_req, res) => {
      res.writeHead(500).end();
    });
    const error = await failure(imageExists(`${registry}/web:t`));
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      `the image registry ${registry} answered 500 Internal Server Error to HEAD /v2/web/manifests/t; ` +
        'expected 200 (the image is there) or 404 (it is not)',
    );
  });

  test('an unreachable registry says what to check', async () => {
    const registry = await standIn(() => {});
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await failure(imageExists(`${registry}/web:t`));
    expect(error.status).toBeUndefined();
    expect(error.registry).toBe(registry);
    expect(error.message).toContain(`cannot reach the image registry ${registry} (http://${registry}): `);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain(
      'check the registry address (IMAGE_SPEC_REGISTRY), that the registry is running',
    );
  });

  test('a registry that does not answer in time', async () => {
    const registry = await standIn(() => {
      // Never answers.
    });
    const error = await failure(imageExists(`${registry}/web:t`, { timeoutMs: 200 }));
    expect(error.status).toBeUndefined();
    expect(error.message).toContain(
      `cannot reach the image registry ${registry} (http://${registry}): no answer within 200 ms`,
    );
  });
});
