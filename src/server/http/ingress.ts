import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { status as Status } from '@grpc/grpc-js';
import type { NextFunction, Request, Response } from 'express';
import type { AppRoute } from '../apps/runtime.js';
import type { Guard } from '../auth/guard.js';
import { httpStatusOf, ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import { httpCredentials } from './gateway.js';

/** The pseudo-RPC an app that requires auth is guarded as (any authenticated caller with `read`). */
export const INGRESS_RPC = 'orch.ingress/Invoke';

/** The app a Host header names: `<app>.apps.<anything>` → `<app>`, else undefined. */
export function appOfHost(host: string | undefined): string | undefined {
  const match = /^([a-z][a-z0-9-]{0,62})\.apps\.[^/]+$/i.exec(host ?? '');
  return match?.[1]?.toLowerCase();
}

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** What {@link createIngress} needs. */
export interface IngressOptions {
  route: (name: string) => AppRoute | undefined;
  guard: Guard;
  logger: Logger;
  /** Largest request body forwarded, in bytes. @default 10 MiB */
  maxBodyBytes?: number;
  /** How long a request waits for an app that is switching revisions, in milliseconds. @default 10000 */
  switchWaitMs?: number;
}

function fail(res: Response, code: number, message: string, retryAfter?: number): void {
  if (retryAfter) res.setHeader('retry-after', String(retryAfter));
  res.status(code).json({ error: message });
}

/**
 * The apps ingress on the admin's HTTP port (DESIGN.md, "App files"): a request whose Host is
 * `<app>.apps.<host>` goes to that app's port on this host (or, for replicated apps, to one of
 * its answering replicas, at its address and port); 404 when no such app runs, 503 with
 * `Retry-After` until its first revision is Started; with `requires_auth` the platform's bearer token is checked
 * first (401/403 as the API answers). The body is read first (at most `maxBodyBytes`) so that a
 * request that meets a revision switch (connection refused) is sent again, for up to `switchWaitMs`;
 * the answer is streamed back. Other hosts fall through to the admin's own routes.
 */
export function createIngress(options: IngressOptions) {
  const maxBody = options.maxBodyBytes ?? 10 * 1024 * 1024;
  const switchWait = options.switchWaitMs ?? 10_000;
  return async (req: Request, res: Response, next: NextFunction) => {
    const name = appOfHost(req.headers.host);
    if (!name) {
      next();
      return;
    }
    let route = options.route(name);
    if (!route) return fail(res, 404, `no app named ${name} is deployed`);
    if (route.requiresAuth) {
      try {
        await options.guard(INGRESS_RPC, httpCredentials(req));
      } catch (error) {
        const code = error instanceof ServiceError ? error.code : 13;
        if (code === Status.UNAUTHENTICATED) res.setHeader('www-authenticate', 'Bearer realm="orch"');
        return fail(
          res,
          httpStatusOf(code),
          error instanceof ServiceError ? error.message : 'internal error',
        );
      }
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      // The request has no encoding set, so its chunks are Buffers.
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      size += bytes.length;
      if (size > maxBody) return fail(res, 413, `request body over ${maxBody} bytes`);
      chunks.push(bytes);
    }
    const body = Buffer.concat(chunks);
    const headers: IncomingHttpHeaders = {};
    for (const [key, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(key)) headers[key] = value;
    headers['x-forwarded-host'] = req.headers.host;
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['content-length'] = String(body.length);
    const deadline = Date.now() + switchWait;
    for (;;) {
      route = options.route(name);
      if (!route) return fail(res, 404, `no app named ${name} is deployed`);
      // Counted in flight from here, so a redeploy stops the old revision only after this answer.
      const release = route.enter();
      if (!release) {
        // A first deployment answers 503 until Started; a revision switch is waited out.
        if (!route.switching || Date.now() > deadline) {
          return fail(res, 503, `app ${name} is not ready (${route.state})`, 1);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      let sent: 'sent' | 'refused';
      try {
        sent = await forward(route.host, route.port, req, res, headers, body);
      } finally {
        release();
      }
      if (sent !== 'refused') return;
      if (Date.now() > deadline) return fail(res, 503, `app ${name} is not answering`, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** Sends one request to the app at `host:port` and streams its answer back; 'refused' when nothing listened. */
function forward(
  host: string,
  port: number,
  req: Request,
  res: Response,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<'sent' | 'refused'> {
  return new Promise((resolve) => {
    const upstream = httpRequest(
      { host, port, method: req.method, path: req.originalUrl, headers },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(key)) out[key] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.once('end', () => resolve('sent'));
        answer.once('error', () => resolve('sent'));
      },
    );
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !res.headersSent) {
        resolve('refused');
        return;
      }
      if (!res.headersSent) fail(res, 502, 'the app closed the connection');
      else res.end();
      resolve('sent');
    });
    upstream.end(body);
  });
}
