import { AsyncLocalStorage } from 'node:async_hooks';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isTracing } from '../telemetry/tracing.js';

/**
 * The raw body reader of an app on the edge: any content type, at most `maxBytes` bytes (else the
 * error body-parser calls `entity.too.large`, which `bodyProblem` answers 413), into `req.body` as a
 * Buffer (an empty object when there is no body).
 *
 * A body as callers mostly send it, declared by `Content-Length` (1 to `maxBytes` bytes) and with
 * no `Content-Encoding` or `Transfer-Encoding`, is collected here: Node's parser already holds it
 * to its declared length, so there is nothing to check but its arrival. Every other body (chunked,
 * compressed, declared over the limit, absent) goes to `express.raw`, which answers it as before. A
 * caller that leaves before the whole body arrived gets body-parser's `request.aborted` error, as
 * there. The common case without body-parser costs about 5 µs less per request, a measurable share
 * of the webhook's own work per launch (docs/performance.md).
 */
export function rawBody(maxBytes: number): (req: Request, res: Response, next: NextFunction) => void {
  const general = express.raw({ type: () => true, limit: maxBytes });
  return (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (
      !(Number.isSafeInteger(length) && length > 0 && length <= maxBytes) ||
      req.headers['content-encoding'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined
    ) {
      general(req, res, next);
      return;
    }
    // The stream's events come in the connection's async context; what follows the body runs in
    // the request's (its span's, with tracing on), as raw-body's bound callback does for express.raw.
    const resume = isTracing() ? AsyncLocalStorage.snapshot() : undefined;
    const proceed = (error?: Error) => (resume ? resume(() => next(error)) : next(error));
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
    };
    const onEnd = () => {
      req.off('data', onData);
      req.off('close', onClose);
      req.body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      proceed();
    };
    const onClose = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      proceed(Object.assign(new Error('request aborted'), { status: 400, type: 'request.aborted' }));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
  };
}

/**
 * True for `application/json` and `application/<x>+json` (JSON under a structured syntax suffix,
 * RFC 6839 section 3.1), with at most a UTF-8 charset (RFC 8259 section 8.1: JSON is UTF-8).
 */
export function isJsonContentType(header: string): boolean {
  let known = contentTypes.get(header);
  if (known === undefined) {
    known = parseJsonContentType(header);
    // Callers send few distinct values; a flood of distinct ones is only parsed, not remembered.
    if (contentTypes.size < 64) contentTypes.set(header, known);
  }
  return known;
}

/** Content types seen, and whether each is JSON: each is parsed once. */
const contentTypes = new Map<string, boolean>();

function parseJsonContentType(header: string): boolean {
  const [essence = '', ...parameters] = header.split(';').map((part) => part.trim().toLowerCase());
  if (!/^application\/(?:[a-z0-9.!#$&^_-]+\+)?json$/.test(essence)) return false;
  return parameters.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

/** Whether a request carries a body: chunked, or a `Content-Length` above 0. */
export function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}
