import { status as Status } from '@grpc/grpc-js';
import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { CallCredentials } from '../auth/authenticate.js';
import type { Guard } from '../auth/guard.js';
import { httpStatusOf, ServiceError } from '../errors.js';
import type { Handler } from '../services/admin.js';
import { text } from './console-admin.js';
import { type ExecutionKey, layout, paths, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// The console's page of one app: its status, its revisions and the last lines it printed, and those
// lines as text/plain. Every value goes through the template engine's escaping (html.ts).

const status = z
  .object({ state: text, message: text, endpoint: text, revision: text, updated_at_ms: text })
  .nullish();

/** AppService Get's answer, as far as the page reads it. */
const appAnswer = z.object({ status });

/** AppService ListRevisions' answer, as far as the page reads it. */
const revisionsAnswer = z.object({
  revisions: z.array(
    z.object({
      revision: text,
      image: text,
      args: z.array(z.string()).nullish(),
      replicas: text,
      deployed_at_ms: text,
      deployed_by: text,
      status,
    }),
  ),
});

/** AppService GetLogs' answer. */
const logsAnswer = z.object({
  revision: text,
  lines: z.array(z.object({ at_ms: text, line: text })),
});

/** How many lines the page shows; the download has every line the server keeps. */
const PAGE_LINES = 100;
/** The most revisions the page lists. */
const PAGE_REVISIONS = 100;

const when = (ms: string) => (ms ? new Date(Number(ms)).toISOString() : '');

const appBody = htmlTemplate<{
  name: string;
  project: { text: string; href: string };
  domain: { text: string; href: string };
  state: string;
  message: string;
  endpoint: string;
  revision: string;
  revisions: {
    revision: string;
    deployed: string;
    by: string;
    image: string;
    command: string;
    replicas: string;
    state: string;
    message: string;
  }[];
  logRevision: string;
  lines: { at: string; line: string }[];
  logHref: string;
}>(
  'console/app',
  `<h1>App <%= it.name %></h1>
<dl><dt>project / domain</dt><dd><a href="<%= it.project.href %>"><%= it.project.text %></a> / <a href="<%= it.domain.href %>"><%= it.domain.text %></a></dd>
<dt>status</dt><dd><strong><%= it.state %></strong> <%= it.message %></dd>
<dt>endpoint</dt><dd><% if (it.endpoint) { %><a href="<%= it.endpoint %>"><%= it.endpoint %></a><% } else { %>none while it is not started<% } %></dd>
<dt>current revision</dt><dd><%= it.revision %></dd></dl>
<h2>Revisions</h2>
<% if (it.revisions.length) { %><div class="scroll"><table><caption>Revisions of <%= it.name %>, newest first</caption><thead><tr><th scope="col">revision</th><th scope="col">deployed (UTC)</th><th scope="col">deployed by</th><th scope="col">image</th><th scope="col">command</th><th scope="col">replicas</th><th scope="col">outcome</th></tr></thead><tbody>
<% for (const r of it.revisions) { %><tr><td><%= r.revision %></td><td><%= r.deployed %></td><td><%= r.by %></td><td><%= r.image %></td><td><code><%= r.command %></code></td><td><%= r.replicas %></td><td><strong><%= r.state %></strong> <%= r.message %></td></tr><% } %>
</tbody></table></div><% } else { %><p>No revisions recorded.</p><% } %>
<h2>Recent log lines</h2>
<% if (it.lines.length) { %><p>The last <%= it.lines.length %> lines revision <%= it.logRevision %> printed, with the time (UTC) this server received each. <a href="<%= it.logHref %>">Download the log of <%= it.name %> as text</a></p>
<pre tabindex="0"><% for (const l of it.lines) { %><%= l.at %>  <%= l.line %>
<% } %></pre><% } else { %><p>No lines: this server has started no instance of <%= it.name %> since it started, or it printed nothing.</p><% } %>`,
);

/** What the app's pages need (the apps page's own deps, console-admin.ts). */
export interface AppPageDeps {
  guard: Guard;
  /** The credentials of a request, as the console's gate reads them. */
  credentials: (req: Request) => CallCredentials;
  /** The AppService handlers; the pages are 404 without them. */
  apps?: Record<string, Handler>;
  /** Sends a rendered page (404, 403 and 500 handled as on every console page). */
  send: (req: Request, res: Response, render: () => Promise<Html>) => Promise<void>;
}

/**
 * Calls AppService `rpc` with the caller's identity (read permission, like the API). A bad app
 * identifier in the path (INVALID_ARGUMENT) answers as an unknown app.
 * @throws ServiceError NOT_FOUND for an unknown app or a server without apps; the guard's errors.
 */
async function callApps(deps: AppPageDeps, req: Request, rpc: string, request: object): Promise<object> {
  const context = await deps.guard(`orch.service.v1.AppService/${rpc}`, deps.credentials(req));
  const handler = deps.apps?.[rpc];
  if (!handler) throw new ServiceError(Status.NOT_FOUND, 'this server runs no apps');
  try {
    return await handler(request, context);
  } catch (error) {
    if (error instanceof ServiceError && error.code === Status.INVALID_ARGUMENT)
      throw new ServiceError(Status.NOT_FOUND, `no such app: ${error.message}`);
    throw error;
  }
}

const keyOf = (req: Request): ExecutionKey => ({
  project: String(req.params.project),
  domain: String(req.params.domain),
  name: String(req.params.name),
});
const idOf = (key: ExecutionKey) => ({ ...key, org: '' });

/**
 * `GET /console/apps/<project>/<domain>/<name>`: an app's status, endpoint and current revision, its
 * revisions (newest first, at most 100: deployed when and by whom, image, command, replicas, how it
 * ended) and its last 100 log lines with their times; `.../log` every line the server keeps of it
 * (the last 500) as text/plain, one `<ISO time>  <line>` each. Read through AppService Get,
 * ListRevisions and GetLogs with the caller's identity (viewer); an unknown app is a 404.
 */
export function addAppPages(router: Router, deps: AppPageDeps): void {
  router.get('/console/apps/:project/:domain/:name', (req, res) =>
    deps.send(req, res, async () => {
      const key = keyOf(req);
      const id = idOf(key);
      // ListRevisions first: it checks the identifier (Get answers any as NOT_FOUND, naming it).
      const { revisions } = revisionsAnswer.parse(
        await callApps(deps, req, 'ListRevisions', { id, limit: PAGE_REVISIONS }),
      );
      // Get and GetLogs together; when both fail, Get's error is the one shown, as before.
      const [got, lines] = await Promise.allSettled([
        callApps(deps, req, 'Get', { id }),
        callApps(deps, req, 'GetLogs', { id, limit: PAGE_LINES }),
      ]);
      if (got.status === 'rejected') throw got.reason;
      const app = appAnswer.parse(got.value);
      if (lines.status === 'rejected') throw lines.reason;
      const logs = logsAnswer.parse(lines.value);
      const endpoint = app.status?.endpoint ?? '';
      const body = appBody({
        name: key.name,
        project: { text: key.project, href: paths.project(key.project) },
        domain: { text: key.domain, href: paths.domain(key.project, key.domain) },
        state: app.status?.state ?? '',
        message: app.status?.message ?? '',
        endpoint: /^https?:\/\//.test(endpoint) ? endpoint : '',
        revision: app.status?.revision ?? '',
        revisions: revisions.map((r) => ({
          revision: r.revision,
          deployed: when(r.deployed_at_ms),
          by: r.deployed_by,
          image: r.image || 'none (local)',
          command: (r.args ?? []).join(' '),
          replicas: r.replicas,
          state: r.status?.state ?? '',
          message: r.status?.message ?? '',
        })),
        logRevision: logs.revision,
        lines: logs.lines.map((l) => ({ at: when(l.at_ms), line: l.line })),
        logHref: `${paths.app(key)}/log`,
      });
      const crumbs = [
        ...trail().slice(0, 1),
        { href: '/console/apps', text: 'apps' },
        { href: paths.app(key), text: key.name },
      ];
      return layout({ title: `App ${key.name}`, body, crumbs });
    }),
  );

  router.get('/console/apps/:project/:domain/:name/log', async (req, res) => {
    res.type('text/plain; charset=utf-8');
    try {
      const logs = logsAnswer.parse(
        await callApps(deps, req, 'GetLogs', { id: idOf(keyOf(req)), limit: 0xffffffff }),
      );
      res.send(logs.lines.map((l) => `${when(l.at_ms)}  ${l.line}\n`).join(''));
    } catch (error) {
      const known = error instanceof ServiceError;
      res
        .status(known ? httpStatusOf(error.code) : 500)
        .send(known ? `${error.message}\n` : 'the log could not be read\n');
    }
  });
}
