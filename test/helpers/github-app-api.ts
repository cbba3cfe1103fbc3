import { createHash, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { WebhookDefinition } from '@octokit/webhooks-examples';
import { importSPKI, jwtVerify } from 'jose';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { create as createTar } from 'tar';
import { serveHandlers } from './github-api.js';

/** One request the fake answered. `auth` names the credential kind, never the secret itself. */
export interface AppApiCall {
  method: string;
  path: string;
  body: unknown;
  auth?: string;
  /** The request's User-Agent header. */
  userAgent?: string;
  /** When the request arrived, in ms since the epoch. */
  at?: number;
}

/** A repository role as GitHub names it (`role_name`). */
export type RepoRole = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

/** A pull request the fake serves (only the fields a bot usually reads). */
export interface FakePull {
  number: number;
  head: { sha: string; ref?: string; repo: { full_name: string } | null };
  base: { ref?: string; repo: { full_name: string } };
  user?: { login: string };
  state?: string;
}

/** A check run created through the fake; each PATCH merges into it and is appended to `updates`. */
export interface FakeCheckRun {
  id: number;
  owner: string;
  repo: string;
  name: string;
  head_sha: string;
  status?: string;
  conclusion?: string;
  details_url?: string;
  external_id?: string;
  output?: unknown;
  updates: unknown[];
  [field: string]: unknown;
}

/** An issue comment the fake holds. */
export interface FakeAppComment {
  id: number;
  owner: string;
  repo: string;
  issue: number;
  body: string;
  user: { login: string; type: string };
}

/** A reaction added to an issue comment. */
export interface FakeReaction {
  commentId: number;
  content: string;
}

/** The login GitHub gives the app's bot user in this fake. */
export const BOT_LOGIN = 'orch-bot[bot]';

const LEGACY_PERMISSION: Record<RepoRole, string> = {
  admin: 'admin',
  maintain: 'write',
  write: 'write',
  triage: 'read',
  read: 'read',
  none: 'none',
};

/** Top-level path segments the catch-all claims; other paths fall through to other handlers. */
const API_ROOTS = new Set([
  'app',
  'app-manifests',
  'applications',
  'installation',
  'repos',
  'orgs',
  'user',
  'users',
  'search',
  'graphql',
  'rate_limit',
  'meta',
  'teams',
  'enterprises',
  '_codeload',
]);

type Resolver = (ctx: {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  installation: number | undefined;
}) => Response | Promise<Response>;

interface RouteOptions {
  /** `'app'`: needs a valid app JWT; `'installation'`: needs an installation token; `'none'`: open. */
  auth: 'app' | 'installation' | 'none';
}

const notFound = () => HttpResponse.json({ message: 'Not Found' }, { status: 404 });

/**
 * A stand-in for the part of GitHub's REST API a GitHub App bot uses: installation tokens (minted
 * only for a JWT signed with this app's key), tarball downloads (302 to a codeload-like path, as
 * GitHub does), pull requests, collaborator permissions, check runs, issue comments and reactions.
 * Every answered request is recorded in `calls` with its credential reduced to a label.
 */
export class FakeGithubApp {
  readonly appId: number;
  readonly privateKey: string;
  readonly publicKey: string;
  readonly pageSize: number;
  readonly calls: AppApiCall[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  readonly comments: FakeAppComment[] = [];
  readonly reactions: FakeReaction[] = [];
  private readonly tarballs = new Map<string, Buffer>();
  private readonly trees = new Map<string, Record<string, string>>();
  private readonly permissions = new Map<string, RepoRole>();
  private readonly pulls = new Map<string, FakePull>();
  private readonly pullFiles = new Map<string, Array<{ filename: string; previous_filename?: string }>>();
  private readonly teamMembers = new Map<string, 'active' | 'pending'>();
  private readonly tokens = new Map<string, number>();
  private readonly installed = new Map<number, string[]>();
  private readonly failures: Array<{
    method: string;
    pattern: RegExp;
    status: number;
    message?: string;
    headers?: Record<string, string>;
    when?: (body: unknown) => boolean;
    always?: boolean;
  }> = [];
  private readonly waiters = new Set<(call: AppApiCall) => void>();
  private verifyKey?: ReturnType<typeof importSPKI>;
  private nextCheckRunId = 1;
  private nextCommentId = 1000;
  private nextReactionId = 1;

  constructor(options: { appId?: number; pageSize?: number } = {}) {
    this.appId = options.appId ?? 4242;
    this.pageSize = options.pageSize ?? 100;
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
  }

  /** Recorded calls with this method whose path (with query) matches the pattern. */
  seen(method: string, pathPattern: RegExp): AppApiCall[] {
    return this.calls.filter((c) => c.method === method.toUpperCase() && pathPattern.test(c.path));
  }

  /**
   * Resolves with the first recorded call matching the predicate (already recorded, or as soon as
   * one is); rejects after `timeoutMs` with the last 20 calls in the message.
   */
  waitFor(predicate: (call: AppApiCall) => boolean, timeoutMs = 10000): Promise<AppApiCall> {
    const found = this.calls.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolvePromise, reject) => {
      const waiter = (call: AppApiCall) => {
        if (!predicate(call)) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolvePromise(call);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const last = this.calls
          .slice(-20)
          .map((c) => `  ${c.method} ${c.path}`)
          .join('\n');
        reject(
          new Error(`no matching GitHub API call within ${timeoutMs} ms; last calls:\n${last || '  (none)'}`),
        );
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Stores a gzipped tarball of `files` (relative path → content) for `ref` (its files are also
   * served one by one at `GET /repos/:owner/:repo/contents/<path>?ref=<ref>`), laid out as GitHub's
   * archives are: every entry under `${owner}-${repo}-${ref.slice(0, 7)}/`.
   */
  setTarball(owner: string, repo: string, ref: string, files: Record<string, string>): void {
    const dir = mkdtempSync(join(tmpdir(), 'fake-gh-tarball-'));
    try {
      const top = `${owner}-${repo}-${ref.slice(0, 7)}`;
      const root = join(dir, top);
      mkdirSync(root);
      for (const [name, content] of Object.entries(files)) {
        const target = resolve(root, name);
        if (!target.startsWith(root + sep)) throw new Error(`tarball path escapes the archive: ${name}`);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, content);
      }
      const file = join(dir, 'archive.tar.gz');
      createTar({ gzip: true, sync: true, portable: true, file, cwd: dir }, [top]);
      this.tarballs.set(`${owner}/${repo}@${ref}`, readFileSync(file));
      this.trees.set(`${owner}/${repo}@${ref}`, { ...files });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** Sets a user's role on a repository (unknown users have `none`). */
  setPermission(owner: string, repo: string, username: string, role: RepoRole): void {
    this.permissions.set(`${owner}/${repo}:${username.toLowerCase()}`, role);
  }

  /** Stores a pull request served at `GET /repos/:owner/:repo/pulls/:number`. */
  setPull(owner: string, repo: string, pull: FakePull): void {
    this.pulls.set(`${owner}/${repo}#${pull.number}`, pull);
  }

  /**
   * Installs the app on `repositories` (`owner/repo`) as installation `id`: listed by
   * `GET /app/installations` and, with that installation's token, `GET /installation/repositories`.
   */
  setInstallation(id: number, repositories: string[]): void {
    this.installed.set(id, [...repositories]);
  }

  /**
   * Sets the files pull request `number` changes, served a page at a time at
   * `GET /repos/:owner/:repo/pulls/:number/files` (at most 3000, as GitHub lists).
   */
  setPullFiles(
    owner: string,
    repo: string,
    number: number,
    files: Array<string | { filename: string; previous_filename: string }>,
  ): void {
    this.pullFiles.set(
      `${owner}/${repo}#${number}`,
      files.map((f) => (typeof f === 'string' ? { filename: f } : f)),
    );
  }

  /** Makes `username` a member of team `slug` of `org` (`pending`: invited, not yet a member). */
  setTeamMember(org: string, slug: string, username: string, state: 'active' | 'pending' = 'active'): void {
    this.teamMembers.set(`${org}/${slug}:${username.toLowerCase()}`, state);
  }

  /** Adds a comment written by someone else (a human by default). */
  seedComment(
    owner: string,
    repo: string,
    issue: number,
    body: string,
    user: { login: string; type: string } = { login: 'octocat', type: 'User' },
  ): FakeAppComment {
    const comment = { id: this.nextCommentId++, owner, repo, issue, body, user };
    this.comments.push(comment);
    return comment;
  }

  /**
   * Revokes every installation token minted so far: a request carrying one is answered 401 "Bad
   * credentials", as GitHub answers a revoked token; new tokens are minted as usual.
   */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /**
   * Makes the next request with this method whose path matches answer `status` with `{ message }`
   * (the status text unless given) and `headers` (e.g. `retry-after`); with `when`, only a request
   * whose JSON body it accepts.
   */
  failNext(
    method: string,
    pathPattern: RegExp,
    status: number,
    answer: { message?: string; headers?: Record<string, string>; when?: (body: unknown) => boolean } = {},
  ): void {
    this.failures.push({ method: method.toUpperCase(), pattern: pathPattern, status, ...answer });
  }

  /**
   * Makes every request with this method whose path matches (and whose JSON body `when` accepts)
   * answer `status`, until the returned function is called: a storm of failures.
   */
  failAlways(
    method: string,
    pathPattern: RegExp,
    status: number,
    answer: { message?: string; when?: (body: unknown) => boolean } = {},
  ): () => void {
    const failure = { method: method.toUpperCase(), pattern: pathPattern, status, ...answer, always: true };
    this.failures.push(failure);
    return () => {
      const at = this.failures.indexOf(failure);
      if (at >= 0) this.failures.splice(at, 1);
    };
  }

  /** Serves the handlers over real HTTP on 127.0.0.1 (see `serveHandlers`). */
  serve(): Promise<{ url: string; close: () => Promise<void> }> {
    return serveHandlers(this.handlers);
  }

  /** msw handlers for any API host (`*` matches the base URL). */
  readonly handlers: RequestHandler[] = [
    http.post(
      '*/app/installations/:id/access_tokens',
      this.route({ auth: 'app' }, ({ params }) => {
        const installation = Number(params.id);
        if (!Number.isInteger(installation) || installation <= 0) return notFound();
        const token = `ghs_${randomBytes(18).toString('base64url')}`;
        this.tokens.set(token, installation);
        return HttpResponse.json(
          {
            token,
            expires_at: new Date(Date.now() + 3600_000).toISOString(),
            permissions: {},
            repository_selection: 'all',
          },
          { status: 201 },
        );
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/tarball/:ref',
      this.route({ auth: 'installation' }, ({ url, params }) => {
        const { owner, repo, ref } = params as { owner: string; repo: string; ref: string };
        if (!this.tarballs.has(`${owner}/${repo}@${ref}`)) return notFound();
        const location = `${url.origin}/_codeload/${owner}/${repo}/legacy.tar.gz/${ref}`;
        return new HttpResponse(null, { status: 302, headers: { location } });
      }),
    ),
    http.get(
      '*/_codeload/:owner/:repo/legacy.tar.gz/:ref',
      this.route({ auth: 'none' }, ({ params }) => {
        const { owner, repo, ref } = params as { owner: string; repo: string; ref: string };
        const archive = this.tarballs.get(`${owner}/${repo}@${ref}`);
        if (!archive) return notFound();
        return new HttpResponse(new Uint8Array(archive), {
          status: 200,
          headers: {
            'content-type': 'application/x-gzip',
            'content-disposition': `attachment; filename=${owner}-${repo}-${ref.slice(0, 7)}.tar.gz`,
          },
        });
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/contents/*',
      this.route({ auth: 'installation' }, ({ url, params, request }) => {
        // One file of a stored tree (setTarball), at `?ref=` (default "main"); raw with the raw
        // media type, else GitHub's JSON with base64 content.
        const path = decodeURIComponent(url.pathname.replace(/^.*?\/contents\//, ''));
        const ref = url.searchParams.get('ref') ?? 'main';
        const text = this.trees.get(`${params.owner}/${params.repo}@${ref}`)?.[path];
        if (text === undefined) return notFound();
        if ((request.headers.get('accept') ?? '').includes('raw')) {
          return new HttpResponse(text, {
            status: 200,
            headers: { 'content-type': 'application/vnd.github.raw' },
          });
        }
        return HttpResponse.json({
          type: 'file',
          path,
          encoding: 'base64',
          content: Buffer.from(text).toString('base64'),
        });
      }),
    ),
    http.get(
      '*/app/installations',
      this.route({ auth: 'app' }, () =>
        HttpResponse.json(
          [...this.installed.keys()].map((id) => ({ id, app_id: this.appId, target_type: 'Organization' })),
        ),
      ),
    ),
    http.get(
      '*/installation/repositories',
      this.route({ auth: 'installation' }, ({ installation }) => {
        const repositories = (this.installed.get(installation ?? 0) ?? []).map((full, index) => {
          const [owner = '', name = ''] = full.split('/');
          return { id: index + 1, name, full_name: full, owner: { login: owner } };
        });
        return HttpResponse.json({ total_count: repositories.length, repositories });
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/pulls',
      this.route({ auth: 'installation' }, ({ params, url }) => {
        const state = url.searchParams.get('state') ?? 'open';
        const pulls = [...this.pulls.entries()]
          .filter(([key]) => key.startsWith(`${params.owner}/${params.repo}#`))
          .map(([, pull]) => ({ state: 'open', user: { login: 'octocat' }, ...pull }))
          .filter((pull) => state === 'all' || pull.state === state);
        return HttpResponse.json(pulls);
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/pulls/:number',
      this.route({ auth: 'installation' }, ({ params }) => {
        const pull = this.pulls.get(`${params.owner}/${params.repo}#${Number(params.number)}`);
        if (!pull) return notFound();
        return HttpResponse.json({
          url: `https://api.github.com/repos/${params.owner}/${params.repo}/pulls/${pull.number}`,
          html_url: `https://github.com/${params.owner}/${params.repo}/pull/${pull.number}`,
          state: 'open',
          user: { login: 'octocat' },
          ...pull,
        });
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/pulls/:number/files',
      this.route({ auth: 'installation' }, ({ url, params }) => {
        const all = (
          this.pullFiles.get(`${params.owner}/${params.repo}#${Number(params.number)}`) ?? []
        ).slice(0, 3000);
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.pageSize);
        const page = Number(url.searchParams.get('page') ?? 1);
        const headers = new Headers();
        if (page * perPage < all.length) {
          const next = new URL(url);
          next.searchParams.set('page', String(page + 1));
          next.searchParams.set('per_page', String(perPage));
          headers.set('link', `<${next.href}>; rel="next"`);
        }
        const slice = all.slice((page - 1) * perPage, page * perPage).map((f, index) => ({
          sha: sha1Like(`${f.filename}${index}`),
          filename: f.filename,
          status: f.previous_filename ? 'renamed' : 'modified',
          additions: 1,
          deletions: 0,
          changes: 1,
          blob_url: `https://github.com/${params.owner}/${params.repo}/blob/x/${f.filename}`,
          raw_url: `https://github.com/${params.owner}/${params.repo}/raw/x/${f.filename}`,
          contents_url: `https://api.github.com/repos/${params.owner}/${params.repo}/contents/${f.filename}`,
          ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
        }));
        return HttpResponse.json(slice, { headers });
      }),
    ),
    http.get(
      '*/orgs/:org/teams/:slug/memberships/:username',
      this.route({ auth: 'installation' }, ({ params }) => {
        const state = this.teamMembers.get(
          `${params.org}/${params.slug}:${String(params.username).toLowerCase()}`,
        );
        if (!state) return notFound();
        return HttpResponse.json({
          url: `https://api.github.com/organizations/1/team/1/memberships/${params.username}`,
          role: 'member',
          state,
        });
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/collaborators/:username/permission',
      this.route({ auth: 'installation' }, ({ params }) => {
        const username = params.username as string;
        const role =
          this.permissions.get(`${params.owner}/${params.repo}:${username.toLowerCase()}`) ?? 'none';
        return HttpResponse.json({
          permission: LEGACY_PERMISSION[role],
          role_name: role,
          user: { login: username },
        });
      }),
    ),
    http.post(
      '*/repos/:owner/:repo/check-runs',
      this.route({ auth: 'installation' }, ({ params, body }) => {
        const fields = (body ?? {}) as Record<string, unknown>;
        if (typeof fields.name !== 'string' || typeof fields.head_sha !== 'string') {
          return HttpResponse.json({ message: 'Invalid request.' }, { status: 422 });
        }
        const run: FakeCheckRun = {
          status: 'queued',
          ...fields,
          id: this.nextCheckRunId++,
          owner: params.owner as string,
          repo: params.repo as string,
          name: fields.name,
          head_sha: fields.head_sha,
          updates: [],
        };
        this.checkRuns.push(run);
        return HttpResponse.json(this.checkRunJson(run), { status: 201 });
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/commits/:ref/check-runs',
      this.route({ auth: 'installation' }, ({ params, url }) => {
        const name = url.searchParams.get('check_name');
        const status = url.searchParams.get('status');
        const appId = url.searchParams.get('app_id');
        // Every check run here was made by this app's installation tokens.
        if (appId !== null && Number(appId) !== this.appId)
          return HttpResponse.json({ total_count: 0, check_runs: [] });
        const runs = this.checkRuns.filter(
          (r) =>
            r.owner === params.owner &&
            r.repo === params.repo &&
            r.head_sha === params.ref &&
            (name === null || r.name === name) &&
            (status === null || r.status === status),
        );
        return HttpResponse.json({
          total_count: runs.length,
          check_runs: runs.reverse().map((run) => this.checkRunJson(run)),
        });
      }),
    ),
    http.patch(
      '*/repos/:owner/:repo/check-runs/:id',
      this.route({ auth: 'installation' }, ({ params, body }) => {
        const run = this.checkRuns.find(
          (r) => r.id === Number(params.id) && r.owner === params.owner && r.repo === params.repo,
        );
        if (!run) return notFound();
        const {
          id: _id,
          owner: _owner,
          repo: _repo,
          updates: _updates,
          ...fields
        } = (body ?? {}) as Record<string, unknown>;
        Object.assign(run, fields);
        run.updates.push(body);
        return HttpResponse.json(this.checkRunJson(run));
      }),
    ),
    http.get(
      '*/repos/:owner/:repo/issues/:number/comments',
      this.route({ auth: 'installation' }, ({ url, params }) => {
        const issue = Number(params.number);
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), this.pageSize);
        const page = Number(url.searchParams.get('page') ?? 1);
        const all = this.comments.filter(
          (c) => c.issue === issue && c.owner === params.owner && c.repo === params.repo,
        );
        const slice = all.slice((page - 1) * perPage, page * perPage);
        const headers = new Headers();
        if (page * perPage < all.length) {
          const next = new URL(url);
          next.searchParams.set('page', String(page + 1));
          next.searchParams.set('per_page', String(perPage));
          headers.set('link', `<${next.href}>; rel="next"`);
        }
        return HttpResponse.json(
          slice.map((c) => this.commentJson(c)),
          { headers },
        );
      }),
    ),
    http.post(
      '*/repos/:owner/:repo/issues/:number/comments',
      this.route({ auth: 'installation' }, ({ params, body }) => {
        const text = (body as { body?: unknown } | undefined)?.body;
        if (typeof text !== 'string')
          return HttpResponse.json({ message: 'Invalid request.' }, { status: 422 });
        const comment = this.seedComment(
          params.owner as string,
          params.repo as string,
          Number(params.number),
          text,
          {
            login: BOT_LOGIN,
            type: 'Bot',
          },
        );
        return HttpResponse.json(this.commentJson(comment), { status: 201 });
      }),
    ),
    http.patch(
      '*/repos/:owner/:repo/issues/comments/:id',
      this.route({ auth: 'installation' }, ({ params, body }) => {
        const comment = this.findComment(params);
        if (!comment) return notFound();
        const text = (body as { body?: unknown } | undefined)?.body;
        if (typeof text !== 'string')
          return HttpResponse.json({ message: 'Invalid request.' }, { status: 422 });
        comment.body = text;
        return HttpResponse.json(this.commentJson(comment));
      }),
    ),
    http.post(
      '*/repos/:owner/:repo/issues/comments/:id/reactions',
      this.route({ auth: 'installation' }, ({ params, body }) => {
        const comment = this.findComment(params);
        if (!comment) return notFound();
        const content = (body as { content?: unknown } | undefined)?.content;
        if (typeof content !== 'string')
          return HttpResponse.json({ message: 'Invalid request.' }, { status: 422 });
        this.reactions.push({ commentId: comment.id, content });
        return HttpResponse.json({ id: this.nextReactionId++, content }, { status: 201 });
      }),
    ),
    // Anything else under a GitHub API root: 404, recorded. Other paths fall through (return
    // undefined) so an in-process msw server does not swallow unrelated local requests.
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const root = url.pathname.split('/')[1] ?? '';
      if (!API_ROOTS.has(root)) return undefined;
      return this.route({ auth: 'none' }, () => notFound())({ request, params: {} });
    }),
  ];

  private findComment(params: Record<string, unknown>): FakeAppComment | undefined {
    return this.comments.find(
      (c) => c.id === Number(params.id) && c.owner === params.owner && c.repo === params.repo,
    );
  }

  private checkRunJson(run: FakeCheckRun) {
    const { owner, repo, updates: _updates, ...fields } = run;
    return {
      conclusion: null,
      details_url: null,
      external_id: null,
      pull_requests: [],
      ...fields,
      app: { id: this.appId, slug: 'orch-bot' },
      html_url: `https://github.com/${owner}/${repo}/runs/${run.id}`,
    };
  }

  private commentJson(comment: FakeAppComment) {
    return {
      id: comment.id,
      body: comment.body,
      user: comment.user,
      html_url: `https://github.com/${comment.owner}/${comment.repo}/issues/${comment.issue}#issuecomment-${comment.id}`,
    };
  }

  /** Reduces an Authorization header to a label: scheme plus what the credential is, never the secret. */
  private async classify(header: string | null): Promise<{
    label?: string;
    installation?: number;
    app: boolean;
  }> {
    if (!header) return { app: false };
    const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
    if (!match) return { label: 'invalid', app: false };
    const scheme = match[1]!.toLowerCase();
    const credential = match[2]!;
    const installation = this.tokens.get(credential);
    if (installation !== undefined && (scheme === 'token' || scheme === 'bearer')) {
      return { label: `${scheme} installation-${installation}`, installation, app: false };
    }
    if (scheme === 'bearer' && (await this.isAppJwt(credential)))
      return { label: 'bearer app-jwt', app: true };
    return { label: 'invalid', app: false };
  }

  private async isAppJwt(jwt: string): Promise<boolean> {
    this.verifyKey ??= importSPKI(this.publicKey, 'RS256');
    try {
      const { payload } = await jwtVerify(jwt, await this.verifyKey, { algorithms: ['RS256'] });
      return payload.iss !== undefined && String(payload.iss) === String(this.appId);
    } catch {
      return false;
    }
  }

  private record(call: AppApiCall): void {
    this.calls.push(call);
    for (const waiter of [...this.waiters]) waiter(call);
  }

  /** Wraps a resolver: classifies the credential, applies `failNext`, enforces auth and records the call. */
  private route(options: RouteOptions, resolver: Resolver) {
    return async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      let body: unknown;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      const auth = await this.classify(request.headers.get('authorization'));
      const method = request.method.toUpperCase();
      const path = url.pathname + url.search;
      let response: Response;
      const failure = this.failures.findIndex(
        (f) => f.method === method && f.pattern.test(path) && (f.when?.(body) ?? true),
      );
      if (failure >= 0) {
        const found = this.failures[failure]!;
        if (!found.always) this.failures.splice(failure, 1);
        const { status, message, headers } = found;
        response = HttpResponse.json(
          { message: message ?? STATUS_CODES[status] ?? 'Error' },
          { status, headers },
        );
      } else if (options.auth === 'app' && !auth.app) {
        response = HttpResponse.json({ message: 'A JSON web token could not be decoded' }, { status: 401 });
      } else if (options.auth === 'installation' && auth.installation === undefined) {
        response = HttpResponse.json({ message: 'Bad credentials' }, { status: 401 });
      } else {
        const stringParams = Object.fromEntries(
          Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : String(v)]),
        );
        response = await resolver({
          request,
          url,
          params: stringParams,
          body,
          installation: auth.installation,
        });
      }
      const call: AppApiCall = { method, path, body, at: Date.now() };
      if (auth.label !== undefined) call.auth = auth.label;
      const agent = request.headers.get('user-agent');
      if (agent !== null) call.userAgent = agent;
      this.record(call);
      return response;
    };
  }
}

/** 40 hex digits derived from `text` (a stand-in for a blob's SHA). */
function sha1Like(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** The `X-Hub-Signature-256` value GitHub sends for `body` signed with the webhook secret. */
export function signDelivery(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

let definitions: WebhookDefinition[] | undefined;

/**
 * A deep copy of the `index`-th example payload of `event` (restricted to `action` when given) from
 * `@octokit/webhooks-examples`; throws when there is none.
 */
// biome-ignore lint/suspicious/noExplicitAny: webhook payloads are read freely in tests
export function examplePayload(event: string, action: string | undefined, index = 0): Record<string, any> {
  definitions ??= createRequire(import.meta.url)('@octokit/webhooks-examples') as WebhookDefinition[];
  const definition = definitions.find((d) => d.name === event);
  const examples = (definition?.examples ?? []) as Array<Record<string, unknown>>;
  const matching = action === undefined ? examples : examples.filter((e) => e.action === action);
  const example = matching[index];
  if (!example) {
    throw new Error(
      `no webhook example #${index} for ${event}${action ? `.${action}` : ''} (${matching.length} found)`,
    );
  }
  return structuredClone(example);
}
