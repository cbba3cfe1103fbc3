import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of s3rver's API the tests use (the package ships no type declarations). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  resetOnClose?: boolean;
}) => S3rverInstance;

/** A running s3rver (an S3-compatible server in Node) with its access keys. */
export interface TestS3 {
  /** `http://127.0.0.1:<port>`, for `--storage.connection.endpoint`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  stop(): Promise<void>;
}

/** Starts s3rver on a free port over a fresh temporary folder; `stop()` removes both. */
export async function startTestS3(): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'orch-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    // s3rver's fixed credentials; it checks signatures made with them.
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The `--storage.*` flags of an s3 store on `s3` with bucket `bucket`. */
export function s3Flags(s3: TestS3, bucket: string): Record<string, string> {
  return {
    'storage.type': 's3',
    'storage.container': bucket,
    'storage.connection.endpoint': s3.endpoint,
    'storage.connection.auth-type': 'accesskey',
    'storage.connection.access-key': s3.accessKey,
    'storage.connection.secret-key': s3.secretKey,
    'storage.connection.disable-ssl': 'true',
  };
}
