import { SHORT_DIGEST_LENGTH, shortDigest } from '../api/canonical.js';
import { property } from '../api/guards.js';
import type { ImageSpec } from './app-file.js';

/**
 * Image tags and the registry check behind "builds (skipped when the image already exists)" (spec,
 * "Platform CLI commands used"; reference A2: the tag is content-derived, and when the image exists
 * the CLI prints `Image <registry>/<name>:<tag> found. Skip building.`).
 */

/** Length of an image tag, in characters: the same 22-character digest as computed versions. */
export const IMAGE_TAG_LENGTH = SHORT_DIGEST_LENGTH;

/** Bumped when what goes into an image for the same spec changes, so that every tag changes with it. */
const IMAGE_RECIPE = 'orch.image/v1';

/**
 * The tag of an image spec: 22 characters of URL-safe base64 (`[A-Za-z0-9_-]`, a leading `-` written
 * `_`, which a tag must not start with) of a SHA-256 over the
 * canonical JSON of the image name, the packages (sorted, duplicates dropped, so their order in the
 * file does not matter), the base image ("" when none) and a recipe marker. Equal specs give equal
 * tags; changing the name, a package or its version, or the base image gives a new one.
 *
 * The registry is left out on purpose: the same content has the same tag wherever it is pushed, so a
 * mirrored or promoted image keeps its tag, and the local runtime (no registry) gets the same tag too.
 */
export function imageTag(spec: Omit<ImageSpec, 'registry'> & { registry?: string }): string {
  const digest = shortDigest({
    recipe: IMAGE_RECIPE,
    name: spec.name,
    packages: [...new Set(spec.packages)].sort(),
    base_image: spec.base_image ?? '',
  });
  // A tag may not start with `-` (OCI distribution spec: `[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}`); one
  // digest in 64 does, and the engine then refuses the reference ("invalid reference format").
  return digest.startsWith('-') ? `_${digest.slice(1)}` : digest;
}

/**
 * The full reference of a spec's image: `<registry>/<name>:<tag>` with {@link imageTag}, or
 * `<name>:<tag>` when the registry is empty.
 */
export function imageReference(spec: ImageSpec): string {
  const tag = imageTag(spec);
  return spec.registry ? `${spec.registry}/${spec.name}:${tag}` : `${spec.name}:${tag}`;
}

/** An image reference taken apart for the distribution API. */
export interface ParsedImageReference {
  /** The registry's host and optional port, as written (`ghcr.io`, `localhost:5000`, `[::1]:5000`). */
  registry: string;
  /** The repository on that registry: everything between the host and the tag (`org/orch-webhook`). */
  repository: string;
  /** The tag, or the digest (`sha256:...`) when the reference is `name@digest`. */
  reference: string;
}

/** Thrown for text that is not an image reference with a registry host. */
export class ImageReferenceError extends Error {
  constructor(
    readonly text: string,
    why: string,
  ) {
    super(`"${text}" is not an image reference <registry>/<name>:<tag>: ${why}`);
    this.name = 'ImageReferenceError';
  }
}

/**
 * Takes an image reference apart: `<host[:port]>/<repository>:<tag>` or `...@<digest>`. The first
 * component is the registry host (it must contain `.` or `:`, or be `localhost`, as Docker decides);
 * a reference without one would mean Docker Hub by convention, which orch does not assume.
 * @throws ImageReferenceError naming what is missing.
 */
export function parseImageReference(text: string): ParsedImageReference {
  const at = text.indexOf('@');
  let rest: string;
  let reference: string;
  if (at >= 0) {
    rest = text.slice(0, at);
    reference = text.slice(at + 1);
  } else {
    const colon = text.lastIndexOf(':');
    if (colon < 0 || colon < text.lastIndexOf('/')) throw new ImageReferenceError(text, 'it has no tag');
    rest = text.slice(0, colon);
    reference = text.slice(colon + 1);
  }
  const slash = rest.indexOf('/');
  const host = slash < 0 ? '' : rest.slice(0, slash);
  const repository = slash < 0 ? rest : rest.slice(slash + 1);
  if (!(host.includes('.') || host.includes(':') || host === 'localhost')) {
    throw new ImageReferenceError(text, 'it names no registry host (such as ghcr.io or localhost:5000)');
  }
  if (!repository || !reference) throw new ImageReferenceError(text, 'it has no name or no tag');
  return { registry: host, repository, reference };
}

/** Options of {@link imageExists}. */
export interface ImageExistsOptions {
  /** The fetch to use (default: the global one). */
  fetch?: typeof globalThis.fetch;
  /** How long the whole check may take, token request included, in milliseconds (default 10000). */
  timeoutMs?: number;
}

/**
 * Thrown by {@link imageExists} when the registry's answer says neither "there" nor "not there": an
 * unreachable registry (`status` undefined), a refusal, or an error. The message names the registry,
 * the status and what to check; it never holds a credential or token.
 */
export class ImageRegistryError extends Error {
  constructor(
    /** The registry host, as in the reference. */
    readonly registry: string,
    /** The HTTP status of the answer, undefined when there was none. */
    readonly status: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageRegistryError';
  }
}

/**
 * Manifest media types a registry may hold an image under: OCI image manifest and index, Docker
 * image manifest v2 and manifest list (OCI image spec, "Media types"; Docker "Image Manifest V2, Schema 2").
 */
const MANIFEST_TYPES = [
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
].join(', ');

/** Hosts reached over plain http (everything else is https). */
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Docker Hub's name in references and the host that serves its API. */
const HOST_ALIASES: Record<string, string> = { 'docker.io': 'registry-1.docker.io' };

/** What to check when the registry cannot be reached. */
const REACH_HINT =
  'check the registry address (IMAGE_SPEC_REGISTRY), that the registry is running and reachable from ' +
  'this machine, and that it serves https (only localhost, 127.0.0.1 and [::1] are reached over http)';

/** A `WWW-Authenticate` challenge: its scheme and parameters (RFC 9110, 11.6.1). */
interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

/** Parses the first challenge of a `WWW-Authenticate` header (`Bearer realm="...",service="...",scope="..."`). */
function parseChallenge(header: string | null): Challenge | undefined {
  const match = /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)\s*(.*)$/s.exec(header ?? '');
  if (!match) return undefined;
  const [, scheme = '', rest = ''] = match;
  const params: Record<string, string> = {};
  for (const [, key = '', quoted, token] of rest.matchAll(
    /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/g,
  )) {
    params[key.toLowerCase()] = quoted === undefined ? (token ?? '') : quoted.replace(/\\(.)/g, '$1');
  }
  return { scheme: scheme.toLowerCase(), params };
}

/**
 * Whether an image exists in its registry: `HEAD /v2/<repository>/manifests/<tag>` of the OCI
 * distribution API (distribution spec, "Checking if content exists in the registry"), accepting OCI
 * and Docker manifests and indexes. Localhost registries are reached over http, all others over
 * https. When the registry answers 401 with a `Bearer` challenge, an anonymous token is fetched from
 * the challenge's realm (with its `service` and `scope`, else `repository:<repository>:pull`) and the
 * check is retried once with it (Docker "Token Authentication Specification"). No credential is sent
 * or logged apart from that token, which appears in no message.
 * @param ref an image reference, `<registry>/<name>:<tag>` (see {@link imageReference}).
 * @returns true on 200, false on 404.
 * @throws ImageReferenceError when `ref` names no registry host or tag.
 * @throws ImageRegistryError for any other answer, an unreachable registry or token service, or a
 *   timeout, naming the registry and the status.
 */
export async function imageExists(ref: string, options: ImageExistsOptions = {}): Promise<boolean> {
  const { registry, repository, reference } = parseImageReference(ref);
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const signal = AbortSignal.timeout(timeoutMs);
  const host = HOST_ALIASES[registry] ?? registry;
  const scheme = LOOPBACK.test(host) ? 'http' : 'https';
  const url = `${scheme}://${host}/v2/${repository}/manifests/${reference}`;
  const what = `${repository}:${reference}`;

  const send = async (target: string, method: string, headers: Record<string, string>, party: string) => {
    try {
      return await doFetch(target, { method, headers, signal, redirect: 'follow' });
    } catch (error) {
      const timedOut = signal.aborted || property(error, 'name') === 'TimeoutError';
      const why = timedOut ? `no answer within ${timeoutMs} ms` : causeText(error);
      throw new ImageRegistryError(
        registry,
        undefined,
        `cannot reach ${party} (${new URL(target).origin}): ${why}; ${REACH_HINT}`,
        { cause: error },
      );
    }
  };

  const accept = { accept: MANIFEST_TYPES };
  let response = await send(url, 'HEAD', accept, `the image registry ${registry}`);
  if (response.status === 401) {
    const challenge = parseChallenge(response.headers.get('www-authenticate'));
    const realm = challenge?.scheme === 'bearer' ? challenge.params.realm : undefined;
    if (!realm) {
      throw new ImageRegistryError(
        registry,
        401,
        `the image registry ${registry} answered 401 Unauthorized to an anonymous check of ${what} ` +
          `and offers no anonymous token${challenge ? ` (it asks for ${challenge.scheme} credentials)` : ''}; ` +
          'orch checks images without credentials: make the repository readable anonymously',
      );
    }
    const token = await anonymousToken(realm, challenge?.params ?? {}, repository, registry, send);
    response = await send(
      url,
      'HEAD',
      { ...accept, authorization: `Bearer ${token}` },
      `the image registry ${registry}`,
    );
    if (response.status === 401 || response.status === 403) {
      throw new ImageRegistryError(
        registry,
        response.status,
        `the image registry ${registry} answered ${response.status} to an anonymous check of ${what}, ` +
          'even with an anonymous token: the repository is not readable without credentials',
      );
    }
  }
  await response.body?.cancel();
  if (response.status === 200) return true;
  if (response.status === 404) return false;
  throw new ImageRegistryError(
    registry,
    response.status,
    `the image registry ${registry} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''} ` +
      `to HEAD /v2/${repository}/manifests/${reference}; expected 200 (the image is there) or 404 (it is not)`,
  );
}

type Send = (
  target: string,
  method: string,
  headers: Record<string, string>,
  party: string,
) => Promise<Response>;

/** Fetches an anonymous token from a Bearer challenge's realm; answers `token` or `access_token`. */
async function anonymousToken(
  realm: string,
  params: Record<string, string>,
  repository: string,
  registry: string,
  send: Send,
): Promise<string> {
  let url: URL;
  try {
    url = new URL(realm);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
  } catch {
    throw new ImageRegistryError(
      registry,
      401,
      `the image registry ${registry} names a token service that is not an http(s) URL`,
    );
  }
  if (params.service) url.searchParams.set('service', params.service);
  url.searchParams.set('scope', params.scope || `repository:${repository}:pull`);
  const party = `the token service of image registry ${registry}`;
  const response = await send(url.href, 'GET', { accept: 'application/json' }, party);
  if (!response.ok) {
    await response.body?.cancel();
    throw new ImageRegistryError(
      registry,
      response.status,
      `${party} (${url.origin}) answered ${response.status} to a request for an anonymous token`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new ImageRegistryError(
      registry,
      response.status,
      `${party} (${url.origin}) answered something other than JSON`,
      {
        cause: error,
      },
    );
  }
  const given = property(body, 'token');
  const token = typeof given === 'string' ? given : property(body, 'access_token');
  if (typeof token !== 'string' || token === '') {
    throw new ImageRegistryError(registry, response.status, `${party} (${url.origin}) answered no token`);
  }
  return token;
}

/**
 * The innermost reason of a failed fetch (`connect ECONNREFUSED 127.0.0.1:5000`), without a stack.
 * Duck-typed rather than `instanceof`, as the error may come from another realm (a test's VM context).
 */
function causeText(error: unknown): string {
  let current = error;
  for (let cause = property(current, 'cause'); cause !== undefined; cause = property(current, 'cause')) {
    current = cause;
  }
  if (!current || typeof current !== 'object') return String(current);
  const found = property(current, 'message');
  const message = typeof found === 'string' ? found : '';
  // Connecting to a name with several addresses fails with one error per address.
  const errors = property(current, 'errors');
  if (!message && Array.isArray(errors)) return errors.map((e) => causeText(e)).join('; ');
  const code = property(current, 'code');
  return message || (typeof code === 'string' ? code : String(current));
}
