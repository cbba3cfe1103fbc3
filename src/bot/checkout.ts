import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { x as extract } from 'tar';

/** The REST call a checkout makes (`octokit`'s `request`). */
export interface ArchiveClient {
  request(
    route: 'GET /repos/{owner}/{repo}/tarball/{ref}',
    params: { owner: string; repo: string; ref: string; request: { parseSuccessResponseBody: false } },
  ): Promise<{ data: unknown }>;
}

/** A repository and a commit of it. */
export interface CommitRef {
  owner: string;
  repo: string;
  /** The commit's SHA (or any ref the API accepts). */
  sha: string;
}

/** Thrown when an archive is larger than allowed, or holds more entries than allowed. */
export class ArchiveTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveTooLargeError';
  }
}

/** True for a web `ReadableStream` (what fetch gives as a body). */
function isWebStream(value: unknown): value is WebReadableStream {
  return (
    typeof value === 'object' &&
    value !== null &&
    'getReader' in value &&
    typeof value.getReader === 'function'
  );
}

/**
 * The archive's bytes as a Node stream, whatever octokit handed over: a Node stream, a web stream
 * (fetch's body), or the whole body as an ArrayBuffer or a view of one.
 * @throws TypeError for anything else.
 */
function readableOf(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (isWebStream(body)) return Readable.fromWeb(body);
  if (body instanceof ArrayBuffer) return Readable.from([Buffer.from(body)]);
  if (ArrayBuffer.isView(body))
    return Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]);
  throw new TypeError('the archive came as neither a stream nor bytes');
}

/** Limits of a checkout. */
export interface CheckoutLimits {
  /** Most bytes of files unpacked from one archive. @default 268435456 (256 MiB) */
  maxBytes?: number;
  /** Most entries (files and folders) in one archive. @default 20000 */
  maxEntries?: number;
}

/** A commit's files unpacked in a private temporary folder. */
export interface Checkout {
  /** The folder: the repository's root at the commit. */
  dir: string;
  /** Deletes the folder. */
  remove(): Promise<void>;
}

/**
 * Downloads a commit's archive through the REST API (`GET /repos/{owner}/{repo}/tarball/{ref}`,
 * which answers with a redirect to the archive) and unpacks it, streaming, into a new temporary folder,
 * without the archive's top-level folder. Only regular files and folders are unpacked: links are
 * skipped, so nothing in a checkout can point at the bot's own files, and paths cannot leave the
 * folder (`tar`'s defaults refuse `..` and absolute paths).
 * @throws ArchiveTooLargeError past `limits`; the REST client's RequestError (404 for an unknown
 *   commit or a repository the installation cannot read); tar's errors for a damaged archive.
 */
export async function checkoutCommit(
  github: ArchiveClient,
  ref: CommitRef,
  limits: CheckoutLimits = {},
): Promise<Checkout> {
  const maxBytes = limits.maxBytes ?? 256 * 1024 * 1024;
  const maxEntries = limits.maxEntries ?? 20_000;
  const dir = await mkdtemp(join(tmpdir(), 'orch-bot-'));
  // Retried: after a refusal, writes of tar already under way may land while the folder goes.
  const remove = () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
  try {
    const response = await github.request('GET /repos/{owner}/{repo}/tarball/{ref}', {
      owner: ref.owner,
      repo: ref.repo,
      ref: ref.sha,
      request: { parseSuccessResponseBody: false },
    });
    const source = readableOf(response.data);
    let bytes = 0;
    let entries = 0;
    let compressed = 0;
    // A gzip bomb stops at the compressed side too: at most `maxBytes` come over the wire.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        compressed += chunk.length;
        if (compressed > maxBytes) done(new ArchiveTooLargeError(`the archive is over ${maxBytes} bytes`));
        else done(null, chunk);
      },
    });
    const unpack = extract({
      cwd: dir,
      strip: 1,
      strict: true,
      preservePaths: false,
      filter: (_path, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        if (type !== 'File' && type !== 'Directory') return false;
        entries += 1;
        bytes += entry.size ?? 0;
        if (entries > maxEntries) {
          unpack.emit('error', new ArchiveTooLargeError(`the archive holds more than ${maxEntries} entries`));
          return false;
        }
        if (bytes > maxBytes) {
          unpack.emit(
            'error',
            new ArchiveTooLargeError(`the archive unpacks to more than ${maxBytes} bytes`),
          );
          return false;
        }
        return true;
      },
    });
    await pipeline(source, counter, unpack);
    return { dir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
