import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, HttpResponse, http, type RequestHandler } from 'msw';

/** A comment the fake API holds. */
export interface FakeComment {
  id: number;
  issue: number;
  body: string;
}

/** One request the fake API answered: method and path with query. */
export interface SeenRequest {
  method: string;
  path: string;
}

/**
 * A stand-in for the part of GitHub's REST API the Action uses: list (paginated, with `Link`
 * headers), create and update issue comments. `pageSize` caps every page (GitHub caps `per_page` at
 * 100; a small cap makes pagination visible with few comments). Set `forbidden` to answer 403 to
 * every write, as GitHub does for a read-only token.
 */
export class FakeGithub {
  comments: FakeComment[] = [];
  requests: SeenRequest[] = [];
  forbidden = false;
  private nextId = 1000;
  constructor(readonly pageSize = 2) {}

  /** Adds a comment that is not the Action's. */
  seed(issue: number, body: string): FakeComment {
    const comment = { id: this.nextId++, issue, body };
    this.comments.push(comment);
    return comment;
  }

  /** Requests with this method. */
  seen(method: string): SeenRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  private record(request: Request): void {
    const url = new URL(request.url);
    this.requests.push({ method: request.method, path: url.pathname + url.search });
  }

  private json(comment: FakeComment) {
    return { id: comment.id, body: comment.body, user: { login: 'github-actions[bot]' } };
  }

  /** msw handlers for any API host (`*` matches the base URL). */
  readonly handlers: RequestHandler[] = [
    http.get('*/repos/:owner/:repo/issues/:number/comments', ({ request, params }) => {
      this.record(request);
      const url = new URL(request.url);
      const issue = Number(params.number);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.pageSize);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = this.comments.filter((c) => c.issue === issue);
      const slice = all.slice((page - 1) * perPage, page * perPage);
      const headers = new Headers();
      if (page * perPage < all.length) {
        const next = new URL(url);
        next.searchParams.set('page', String(page + 1));
        next.searchParams.set('per_page', String(perPage));
        headers.set('link', `<${next.href}>; rel="next"`);
      }
      return HttpResponse.json(
        slice.map((c) => this.json(c)),
        { headers },
      );
    }),
    http.post('*/repos/:owner/:repo/issues/:number/comments', async ({ request, params }) => {
      this.record(request);
      if (this.forbidden) {
        return HttpResponse.json({ message: 'Resource not accessible by integration' }, { status: 403 });
      }
      const { body } = (await request.json()) as { body: string };
      const comment = this.seed(Number(params.number), body);
      return HttpResponse.json(this.json(comment), { status: 201 });
    }),
    http.patch('*/repos/:owner/:repo/issues/comments/:id', async ({ request, params }) => {
      this.record(request);
      if (this.forbidden) {
        return HttpResponse.json({ message: 'Resource not accessible by integration' }, { status: 403 });
      }
      const comment = this.comments.find((c) => c.id === Number(params.id));
      if (!comment) return HttpResponse.json({ message: 'Not Found' }, { status: 404 });
      comment.body = ((await request.json()) as { body: string }).body;
      return HttpResponse.json(this.json(comment));
    }),
  ];
}

/**
 * Serves msw handlers over real HTTP on 127.0.0.1 (for a subprocess, which msw cannot reach): each
 * request is turned into a fetch `Request` and answered by the first handler that matches; 404
 * otherwise.
 */
export async function serveHandlers(
  handlers: RequestHandler[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: body.length && req.method !== 'GET' && req.method !== 'HEAD' ? body : undefined,
    });
    const response = (await getResponse(handlers, request)) ?? new Response('no handler', { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An HTTP server on 127.0.0.1 that accepts connections and reads requests but never answers them:
 * a GitHub that hangs. `requests()` lists what it received (`METHOD /path`).
 */
export async function silentServer(): Promise<{
  url: string;
  requests: () => string[];
  close: () => Promise<void>;
}> {
  const seen: string[] = [];
  const server: Server = createServer((req) => {
    seen.push(`${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
