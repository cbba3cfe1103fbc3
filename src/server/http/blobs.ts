import { pipeline } from 'node:stream/promises';
import { status as Status } from '@grpc/grpc-js';
import express, { type Request, type Response, type Router } from 'express';
import { errorMessage } from '../../api/guards.js';
import type { Logger } from '../logger.js';
import {
  type BlobLocation,
  BlobNotFoundError,
  type BlobStore,
  DigestMismatchError,
  NativeUrlError,
  UploadTooLargeError,
} from '../storage/blob-store.js';
import { BLOB_ROUTE, type HmacUrlSigner, SignatureError } from '../storage/signed-urls.js';

/** Options of {@link createBlobRoutes}. */
export interface BlobRoutesOptions {
  store: BlobStore;
  signer: HmacUrlSigner;
  /** Largest accepted PUT body in bytes (`--server.dataProxy.upload.maxSize`, 6Mi by default). */
  maxUploadBytes: number;
  logger: Logger;
  /** Milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

function sendError(res: Response, httpStatus: number, code: Status, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(httpStatus).json({ code, message, details: [] });
}

/** `/<container>/<key...>` (percent-encoded segments) as a location, or undefined when malformed. */
function locationOf(path: string): BlobLocation | undefined {
  const segments = path.split('/').slice(1);
  if (segments.length < 2) return undefined;
  try {
    const decoded = segments.map(decodeURIComponent);
    if (decoded.some((s) => s.includes('/'))) return undefined;
    const [container = '', ...key] = decoded;
    return { container, key: key.join('/') };
  } catch {
    return undefined;
  }
}

/**
 * The blob routes behind the admin's signed URLs for the `local` and `mem` stores (see
 * `storage/signed-urls.ts` for the URL format). A PUT streams its body into the store with a byte
 * counter: over `maxUploadBytes` it answers 413, with an MD5 other than the signed one 400, and in both
 * cases stores nothing. A GET streams the object. A bad signature, a method other than the signed one
 * and an expired URL answer 403; errors are `{code, message, details}` like the JSON gateway's.
 */
export function createBlobRoutes(options: BlobRoutesOptions): Router {
  const { store, signer, maxUploadBytes, logger } = options;
  const now = options.now ?? Date.now;
  const router = express.Router();

  router.use(BLOB_ROUTE, async (req: Request, res: Response) => {
    const location = locationOf(req.path);
    if (!location) {
      sendError(res, 404, Status.NOT_FOUND, 'no such blob route; expected /blobs/<container>/<key>');
      return;
    }
    let grant: ReturnType<HmacUrlSigner['verify']>;
    try {
      grant = signer.verify(req.method, location, req.query, Math.floor(now() / 1000));
      // The signature covers the location; the store still checks the container is one of its own.
      store.locate(store.urlOf(location));
    } catch (error) {
      if (error instanceof SignatureError) sendError(res, 403, Status.PERMISSION_DENIED, error.message);
      else if (error instanceof NativeUrlError) sendError(res, 404, Status.NOT_FOUND, error.message);
      else throw error;
      return;
    }
    const url = store.urlOf(location);
    try {
      if (grant.method === 'GET') {
        let opened: { size: number; stream: NodeJS.ReadableStream };
        try {
          opened = await store.openRead(location);
        } catch (error) {
          if (!(error instanceof BlobNotFoundError)) throw error;
          sendError(res, 404, Status.NOT_FOUND, error.message);
          return;
        }
        const { size, stream } = opened;
        res.status(200).setHeader('content-type', 'application/octet-stream');
        res.setHeader('content-length', String(size));
        await pipeline(stream, res);
        return;
      }
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > maxUploadBytes) {
        res.setHeader('connection', 'close');
        sendError(
          res,
          413,
          Status.RESOURCE_EXHAUSTED,
          `the upload is ${declared} bytes, over the limit of ${maxUploadBytes} bytes (--server.dataProxy.upload.maxSize)`,
        );
        return;
      }
      const headerMd5 = req.headers['content-md5'];
      if (typeof headerMd5 === 'string' && grant.md5 && headerMd5 !== grant.md5.toString('base64')) {
        sendError(res, 400, Status.INVALID_ARGUMENT, 'the Content-MD5 header differs from the signed MD5');
        return;
      }
      const size = await store.writeStream(location, req, { maxBytes: maxUploadBytes, md5: grant.md5 });
      res.status(200).setHeader('etag', `"${grant.md5?.toString('hex') ?? ''}"`);
      res.json({ native_url: url, size: String(size) });
    } catch (error) {
      if (error instanceof UploadTooLargeError) {
        res.setHeader('connection', 'close');
        sendError(
          res,
          413,
          Status.RESOURCE_EXHAUSTED,
          `the upload is over the limit of ${maxUploadBytes} bytes (--server.dataProxy.upload.maxSize)`,
        );
      } else if (error instanceof DigestMismatchError) {
        sendError(
          res,
          400,
          Status.INVALID_ARGUMENT,
          `the body's MD5 ${error.actual} differs from the signed ${error.expected}`,
        );
      } else {
        logger.error('blob request failed', {
          url,
          method: req.method,
          error: errorMessage(error),
        });
        sendError(res, 500, Status.INTERNAL, 'internal error');
      }
    }
  });
  return router;
}
