import express, { type Request } from 'express';

/**
 * The raw body reader of an app on the edge: any content type, at most `maxBytes` bytes (else the
 * error body-parser calls `entity.too.large`, which `bodyProblem` answers 413), into `req.body` as a
 * Buffer (an empty object when there is no body).
 */
export function rawBody(maxBytes: number): ReturnType<typeof express.raw> {
  return express.raw({ type: () => true, limit: maxBytes });
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
