import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  type BlobBackend,
  type BlobLocation,
  BlobNotFoundError,
  BlobTooLargeError,
  type PresignRequest,
  StorageError,
  type StreamLimits,
} from './blob-store.js';
import { collectLimited, toBuffer, urlOf } from './streams.js';

/** Native URL scheme of the `s3` and `minio` stores: `s3://<bucket>/<key>`. */
export const S3_SCHEME = 's3';

/** How to reach an S3-compatible service (from `--storage.connection.*`). */
export interface S3Settings {
  /** `--storage.connection.endpoint`; empty for AWS's own endpoints. */
  endpoint?: string;
  /** `--storage.connection.region` (us-east-1 by default). */
  region: string;
  /** Static keys (`--storage.connection.auth-type accesskey`); absent: the SDK's default chain (iam). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `--storage.connection.disable-ssl`: plain HTTP for an endpoint given without a scheme. */
  disableSsl: boolean;
  /** Path-style addressing (`http://host/bucket/key`): on for minio and for custom endpoints. */
  forcePathStyle: boolean;
  /** Per-request timeout in milliseconds (`--storage.defaultHttpClient.timeout`); 0 means none. */
  timeoutMs: number;
}

/** The `name` of a thrown value (`NoSuchKey`, ...), or '' when it has none. */
const nameOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';

const notFound = (error: unknown): boolean => {
  const name = nameOf(error);
  if (name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchBucket') return true;
  return error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 404;
};

/**
 * `--storage.type s3` and `minio`: objects in S3 or an S3-compatible store through
 * `@aws-sdk/client-s3`. Request checksums are computed only when an operation requires them, which
 * S3-compatible servers (MinIO, s3rver) accept; uploads carry Content-MD5 instead.
 * Signed URLs are presigned with the store's own credentials (SigV4), Content-MD5 signed for PUTs.
 */
export class S3Backend implements BlobBackend {
  readonly scheme = S3_SCHEME;
  private readonly client: S3Client;

  constructor(settings: S3Settings) {
    let endpoint = settings.endpoint || undefined;
    if (endpoint && !/^[a-z]+:\/\//i.test(endpoint)) {
      endpoint = `${settings.disableSsl ? 'http' : 'https'}://${endpoint}`;
    }
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      tls: !settings.disableSsl,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    };
    if (endpoint) config.endpoint = endpoint;
    if (settings.credentials) config.credentials = settings.credentials;
    if (settings.timeoutMs > 0) {
      config.requestHandler = { requestTimeout: settings.timeoutMs, connectionTimeout: settings.timeoutMs };
    }
    this.client = new S3Client(config);
  }

  async ensureContainer(container: string): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: container }));
      return;
    } catch (error) {
      if (!notFound(error)) throw this.failure(`cannot reach bucket ${container}`, error);
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: container }));
    } catch (error) {
      const name = nameOf(error);
      if (name === 'BucketAlreadyOwnedByYou' || name === 'BucketAlreadyExists') return;
      throw this.failure(`cannot create bucket ${container}`, error);
    }
  }

  async write(location: BlobLocation, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: location.container,
        Key: location.key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentMD5: createHash('md5').update(bytes).digest('base64'),
      }),
    );
  }

  async writeStream(location: BlobLocation, source: Readable, limits: StreamLimits): Promise<number> {
    const bytes = await collectLimited(source, limits, urlOf(this.scheme, location));
    await this.write(location, bytes);
    return bytes.length;
  }

  async stat(location: BlobLocation): Promise<{ size: number } | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: location.container, Key: location.key }),
      );
      return { size: Number(head.ContentLength ?? 0) };
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async read(location: BlobLocation, maxBytes: number): Promise<Buffer> {
    const url = urlOf(this.scheme, location);
    const { size, stream } = await this.openRead(location);
    if (size > maxBytes) {
      stream.destroy();
      throw new BlobTooLargeError(url, size, maxBytes);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      const buffer = toBuffer(chunk);
      total += buffer.length;
      if (total > maxBytes) {
        stream.destroy();
        throw new BlobTooLargeError(url, total, maxBytes);
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks, total);
  }

  async openRead(location: BlobLocation): Promise<{ size: number; stream: Readable }> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: location.container, Key: location.key }),
      );
      const body = answer.Body;
      const stream = body instanceof Readable ? body : Readable.from([]);
      return { size: Number(answer.ContentLength ?? 0), stream };
    } catch (error) {
      if (notFound(error)) throw new BlobNotFoundError(urlOf(this.scheme, location));
      throw error;
    }
  }

  presign(location: BlobLocation, request: PresignRequest): Promise<string> {
    if (request.method === 'GET') {
      return getSignedUrl(
        this.client,
        new GetObjectCommand({ Bucket: location.container, Key: location.key }),
        {
          expiresIn: request.expiresInSeconds,
        },
      );
    }
    const contentMd5 = request.contentMd5 ? Buffer.from(request.contentMd5).toString('base64') : undefined;
    return getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: location.container, Key: location.key, ContentMD5: contentMd5 }),
      {
        expiresIn: request.expiresInSeconds,
        // Content-MD5 stays a signed header: the store checks the bytes against it.
        signableHeaders: new Set(contentMd5 ? ['content-md5'] : []),
        unhoistableHeaders: new Set(contentMd5 ? ['content-md5'] : []),
      },
    );
  }

  close(): void {
    this.client.destroy();
  }

  /** A StorageError with the SDK's reason; the SDK's messages never hold the secret key. */
  private failure(what: string, error: unknown): StorageError {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new StorageError(`${what}: ${reason}`, { cause: error });
  }
}
