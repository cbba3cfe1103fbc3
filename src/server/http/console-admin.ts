import type { Request, Response, Router } from 'express';
import { z } from 'zod';
import type { CallCredentials } from '../auth/authenticate.js';
import type { Guard } from '../auth/guard.js';
import { ServiceError } from '../errors.js';
import type { Handler } from '../services/admin.js';
import { layout, paths, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// The console's admin-only pages: the names of the secrets (never their values) and the API keys
// (ids, names and roles, never their secrets). Every value goes through the template engine's
// escaping (html.ts).

/** The RPC whose permission an admin-only page asks: the one that manages what it lists. */
export const ADMIN_PAGE_RPC = {
  secrets: 'orch.service.v1.SecretService/CreateSecret',
  apiKeys: 'orch.service.v1.ApiKeyService/ListApiKeys',
} as const;

/** ListSecrets' answer, as far as the page reads it (no value is in it). */
const secretList = z.object({
  secrets: z.array(
    z.object({
      id: z.object({ name: z.string(), org: z.string(), domain: z.string(), project: z.string() }),
      secret_metadata: z.object({ updated_at_ms: z.string(), type: z.string(), updated_by: z.string() }),
    }),
  ),
  token: z.string(),
});

/** ListApiKeys' answer, as far as the page reads it (no client secret is in it). */
const keyList = z.object({
  keys: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      role: z.string(),
      created_at_ms: z.string(),
      created_by: z.string(),
    }),
  ),
  token: z.string(),
});

const tableBody = htmlTemplate<{
  heading: string;
  note: string;
  caption: string;
  columns: string[];
  rows: string[][];
  empty: string;
  more: boolean;
}>(
  'console/admin-table',
  `<h1><%= it.heading %></h1><p><%= it.note %></p>
<% if (it.rows.length) { %><div class="scroll"><table><caption><%= it.caption %></caption><thead><tr><% for (const c of it.columns) { %><th scope="col"><%= c %></th><% } %></tr></thead><tbody>
<% for (const r of it.rows) { %><tr><% for (const cell of r) { %><td><%= cell %></td><% } %></tr><% } %>
</tbody></table></div><% } else { %><p><%= it.empty %></p><% } %>
<% if (it.more) { %><p>Only the first 100 are listed.</p><% } %>`,
);

const forbiddenBody = htmlTemplate<{ heading: string; message: string }>(
  'console/forbidden',
  `<h1><%= it.heading %></h1><p role="alert"><%= it.message %></p><p><a href="/console">Back to the console</a></p>`,
);

const when = (ms: string) => new Date(Number(ms)).toISOString();
const scopeText = (id: { org: string; project: string; domain: string }) =>
  [id.org || 'organization', id.project, id.domain].filter(Boolean).join(' / ');

/** What an admin-only page lists: its texts, the rows, and the next page's token ('' at the end). */
type AdminTable = Omit<Parameters<typeof tableBody>[0], 'heading' | 'caption' | 'more'> & { token: string };

/** What the admin-only pages need. */
export interface AdminPageDeps {
  guard: Guard;
  /** The credentials of a request, as the console's gate reads them. */
  credentials: (req: Request) => CallCredentials;
  /** The SecretService handlers; the page is 404 without them. */
  secrets?: Record<string, Handler>;
  /** The ApiKeyService handlers; the page is 404 without them. */
  apiKeys?: Record<string, Handler>;
  /** Sends a rendered page (404 and 500 handled as on every console page). */
  send: (req: Request, res: Response, render: () => Promise<Html>) => Promise<void>;
}

/**
 * `GET /console/secrets` (the secrets' names, scopes, types and last change; never a value) and
 * `GET /console/api-keys` (each key's name, client id, role and creation; never a secret), for callers
 * whose role may manage them ({@link ADMIN_PAGE_RPC}, decided by the API's guard): anyone else gets
 * a 403 page. Each lists the first 100 of the caller's organization through the service's handler.
 */
export function addAdminPages(router: Router, deps: AdminPageDeps): void {
  const adminPage = (
    path: string,
    rpc: string,
    title: string,
    table: (context: object) => Promise<AdminTable>,
  ) => {
    router.get(path, async (req, res) => {
      let context: object;
      try {
        context = await deps.guard(rpc, deps.credentials(req));
      } catch (error) {
        const message = error instanceof ServiceError ? error.message : 'refused';
        res
          .status(403)
          .type('html')
          .send(
            layout({
              title,
              body: forbiddenBody({ heading: title, message: `Only admins see this page: ${message}` }),
            }).markup,
          );
        return;
      }
      await deps.send(req, res, async () => {
        const { token, ...listed } = await table(context);
        // Every admin list is in name order, the first 100 of it.
        const body = tableBody({
          heading: title,
          caption: `${title} by name`,
          ...listed,
          more: token !== '',
        });
        return layout({ title, body, crumbs: trail().slice(0, 1) });
      });
    });
  };
  const call = async (handlers: Record<string, Handler> | undefined, rpc: string, context: object) => {
    const handler = handlers?.[rpc];
    if (!handler) throw new ServiceError(5, 'this server has no such service');
    return handler({ limit: 100, token: '' }, context);
  };
  adminPage('/console/secrets', ADMIN_PAGE_RPC.secrets, 'Secrets', async (context) => {
    const list = secretList.parse(await call(deps.secrets, 'ListSecrets', context));
    return {
      note: 'The names of the secrets tasks and apps can ask for. Their values are never shown.',
      columns: ['name', 'scope', 'type', 'updated (UTC)', 'updated by'],
      rows: list.secrets.map((s) => [
        s.id.name,
        scopeText(s.id),
        s.secret_metadata.type,
        when(s.secret_metadata.updated_at_ms),
        s.secret_metadata.updated_by,
      ]),
      empty: 'No secrets yet.',
      token: list.token,
    };
  });
  adminPage('/console/api-keys', ADMIN_PAGE_RPC.apiKeys, 'API keys', async (context) => {
    const list = keyList.parse(await call(deps.apiKeys, 'ListApiKeys', context));
    return {
      note: 'The API keys programs use to get access tokens. Their secrets are shown once, when made, and never here.',
      columns: ['name', 'client id', 'role', 'created (UTC)', 'created by'],
      rows: list.keys.map((k) => [k.name, k.client_id, k.role, when(k.created_at_ms), k.created_by]),
      empty: 'No API keys yet.',
      token: list.token,
    };
  });
}

/** A field of an app's status as text, whatever scalar the handler gave ('' when absent). */
export const text = z
  .union([z.string(), z.number(), z.bigint()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** AppService List's answer, as far as the apps page reads it. */
const appList = z.object({
  apps: z.array(
    z.object({
      spec: z.object({ id: z.object({ name: text, project: text, domain: text }).nullish() }).nullish(),
      status: z
        .object({ state: text, message: text, endpoint: text, revision: text, updated_at_ms: text })
        .nullish(),
    }),
  ),
});

const appsBody = htmlTemplate<{
  apps: {
    name: string;
    href: string;
    project: { text: string; href: string };
    domain: { text: string; href: string };
    state: string;
    message: string;
    revision: string;
    updated: string;
    endpoint: string;
  }[];
}>(
  'console/apps',
  `<h1>Apps</h1>
<% if (it.apps.length) { %><div class="scroll"><table><caption>Apps by name</caption><thead><tr><th scope="col">name</th><th scope="col">project / domain</th><th scope="col">status</th><th scope="col">revision</th><th scope="col">updated (UTC)</th><th scope="col">endpoint</th></tr></thead><tbody>
<% for (const a of it.apps) { %><tr><td><a href="<%= a.href %>"><%= a.name %></a></td><td><a href="<%= a.project.href %>"><%= a.project.text %></a> / <a href="<%= a.domain.href %>"><%= a.domain.text %></a></td><td><strong><%= a.state %></strong> <%= a.message %></td><td><%= a.revision %></td><td><%= a.updated %></td><td><% if (a.endpoint) { %><a href="<%= a.endpoint %>">Open <%= a.name %></a><% } %></td></tr><% } %>
</tbody></table></div><% } else { %><p>No apps deployed.</p><% } %>`,
);

/**
 * `GET /console/apps`: the deployed apps (first 100) with their status, current revision, last
 * change and, while started, a link to their endpoint; read through AppService List with the
 * caller's identity (read permission, like the API).
 */
export function addAppsPage(router: Router, deps: AdminPageDeps & { apps?: Record<string, Handler> }): void {
  router.get('/console/apps', (req, res) =>
    deps.send(req, res, async () => {
      const context = await deps.guard('orch.service.v1.AppService/List', deps.credentials(req));
      const handler = deps.apps?.List;
      if (!handler) throw new ServiceError(5, 'this server runs no apps');
      const list = appList.parse(
        await handler({ org: '', project: '', domain: '', limit: 100, token: '' }, context),
      );
      const apps = list.apps.map((a) => {
        const key = {
          project: a.spec?.id?.project ?? '',
          domain: a.spec?.id?.domain ?? '',
          name: a.spec?.id?.name ?? '',
        };
        return {
          name: key.name,
          href: paths.app(key),
          project: { text: key.project, href: paths.project(key.project) },
          domain: { text: key.domain, href: paths.domain(key.project, key.domain) },
          state: a.status?.state ?? '',
          message: a.status?.message ?? '',
          revision: a.status?.revision ?? '',
          updated: a.status ? when(a.status.updated_at_ms) : '',
          endpoint: /^https?:\/\//.test(a.status?.endpoint ?? '') ? (a.status?.endpoint ?? '') : '',
        };
      });
      return layout({ title: 'Apps', body: appsBody({ apps }), crumbs: trail().slice(0, 1) });
    }),
  );
}
