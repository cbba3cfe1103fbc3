import { status as Status } from '@grpc/grpc-js';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { parseCron } from '../../config/cron.js';
import type { Identity } from '../auth/authenticate.js';
import { leastRoleWith, PermissionDenied } from '../auth/authorizer.js';
import { type Guard, openGuard } from '../auth/guard.js';
import type { OwnNames } from '../auth/own-names.js';
import { NEWEST_FIRST, type Repository } from '../db/repository.js';
import { httpStatusOf, ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Handler } from '../services/admin.js';
import { DOMAINS } from '../services/admin.js';
import { fullMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import {
  ActionRefused,
  actionStatus,
  checkSameSite,
  csrfToken,
  formBody,
  formErrors,
  formText,
  isShownError,
  MAX_FORM_BYTES,
  sameSiteOr403,
} from './console-actions.js';
import { ADMIN_PAGE_RPC, addAdminPages, addAppsPage } from './console-admin.js';
import { addAppPages } from './console-apps.js';
import type { ExecutionActions } from './console-execution.js';
import { EXECUTION_SCRIPT, EXECUTION_STYLE } from './console-execution-assets.js';
import { loadExecutionPage } from './console-execution-load.js';
import { addLogFollow, nodeLogText } from './console-execution-logs.js';
import { addIndexPages } from './console-index.js';
import { LAUNCH_SCRIPT, launchFields, launchPage, launchPath, readLaunchForm } from './console-launch.js';
import { listPage, readFragment, readListForm } from './console-list.js';
import { LIST_SCRIPT } from './console-list-assets.js';
import { entityPage, executionRows, executionsPage } from './console-list-views.js';
import { addSignOut, signInPage } from './console-sign-in.js';
import { addVersionPages } from './console-versions.js';
import { viewerOf, withViewer } from './console-viewer.js';
import {
  CONSOLE_STYLE,
  type DomainListing,
  type ExecutionKey,
  errorPage,
  forbiddenPage,
  LIVE_SCRIPT,
  notFoundPage,
  paths,
  projectPage,
  projectsPage,
  refusedPage,
} from './console-views.js';
import { httpCredentials } from './gateway.js';
import type { Html } from './html.js';

export { workflowDot } from './console-execution.js';

/** What the console needs; built by `createServer`. */
export interface ConsoleDeps {
  repo: Repository;
  blobs: BlobStore;
  /** The AdminService handlers (the console reads through them, like any client). */
  admin: Record<string, Handler>;
  /** The executor's work folder (`<dataDir>/work`), for the log of an attempt still running. */
  workDir: string;
  /** The DataProxyService's CreateDownloadLink, for download links of blob inputs and outputs. */
  createDownloadLink?: Handler;
  logger: Logger;
  /**
   * Admits console requests like the RPCs they read through (read permission); the sandbox lets
   * loopback browsers in. @default admits everything
   */
  guard?: Guard;
  /**
   * Where a browser without credentials logs in (`/login?redirect_url=<page>`), when user login is
   * configured: the console then redirects there instead of answering 401.
   */
  loginUrl?: (target: string) => string;
  /** The SecretService handlers, for the admins' secrets page (names only). */
  secrets?: Record<string, Handler>;
  /** The AppService handlers, for the apps page. */
  apps?: Record<string, Handler>;
  /** The ApiKeyService handlers, for the admins' API keys page. */
  apiKeys?: Record<string, Handler>;
  /** Ends a person's session (removes the session cookie), when user login is configured. */
  signOut?: (res: Response) => void;
  /**
   * The admin's own names and origin, for refusing cross-site console actions with the loopback
   * bypass's rules; without it an action's `Origin` must name the request's Host.
   */
  ownNames?: OwnNames;
}

/**
 * The console's Content-Security-Policy: nothing from elsewhere, no inline script; the page's own
 * stylesheet and script, connections back to the admin (the watch stream), forms sent to the admin.
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

class ConsoleNotFound extends Error {}

/** The console's security headers ({@link CONSOLE_CSP}, no sniffing, same-origin referrers). */
function setConsoleHeaders(res: Response): void {
  res.setHeader('content-security-policy', CONSOLE_CSP);
  res.setHeader('x-content-type-options', 'nosniff');
  // `same-origin`, not `no-referrer`: under no-referrer a browser sends `Origin: null` with the
  // console's own POST forms, which the cross-site check must refuse.
  res.setHeader('referrer-policy', 'same-origin');
}

/**
 * The admin HTTP side's answer to a path nothing serves (Express would say `Cannot GET <path>`): the
 * console's 404 page, with a link back to `/console`. Mounted last; API paths (`/api/...`) have
 * their JSON 404 from the gateway before it.
 */
export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    setConsoleHeaders(res);
    res
      .status(404)
      .type('html')
      .send(notFoundPage(`There is no page at ${req.path}.`).markup);
  };
}

/** Whether a request's `Sec-Fetch-Site` says it was started by another site (a link elsewhere, a form). */
const fromAnotherSite = (req: Request) => {
  const site = req.get('sec-fetch-site');
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};

/**
 * Whether a request is a browser's top-level navigation to a page (a followed link, a typed URL):
 * a GET or HEAD with `Sec-Fetch-Mode: navigate` and `Sec-Fetch-Dest: document`. Such a request
 * cannot be read by the page that started it, nor framed (the CSP's `frame-ancestors 'none'`).
 */
const isNavigation = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.get('sec-fetch-mode') === 'navigate' &&
  req.get('sec-fetch-dest') === 'document';

/**
 * The credentials the console's gate checks: the request's, except that a top-level navigation's
 * `Sec-Fetch-Site` is not shown to the loopback bypass. A link followed from another site (GitHub's
 * check run "Details") then opens the page on the sandbox like a typed URL does; its `Host` must
 * still be one of the admin's own names (DNS rebinding), and the page that linked cannot read the
 * answer. Every other request (POSTs, fetches, frames) keeps the bypass's full rules.
 */
function gateCredentials(req: Request) {
  const credentials = formCredentials(req);
  if (!isNavigation(req)) return credentials;
  return {
    ...credentials,
    header: (name: string) => (name === 'sec-fetch-site' ? undefined : credentials.header(name)),
  };
}

/**
 * The credentials of a console request: a form (a POST) reaches the guard only once its cross-site
 * checks passed (checkOrigin in the gate, checkSameSite with the form's token in the handler), so a
 * person's login session may act through it, as the API's own roles allow.
 */
function formCredentials(req: Request) {
  const credentials = httpCredentials(req);
  return req.method === 'GET' || req.method === 'HEAD'
    ? credentials
    : { ...credentials, sameSiteChecked: true };
}

/** Whether the request asks for HTML (a browser's navigation does; `fetch` and curl do not by default). */
const wantsHtml = (req: Request) => req.accepts(['text/plain', 'text/html']) === 'text/html';

/**
 * Sets the console's security headers and admits the request as a GetExecution caller, then renders
 * the rest with the caller as the pages' viewer (see console-viewer.ts). A browser without
 * credentials goes to `loginUrl` when user login is configured and it came from the console's own
 * site; one that asks for HTML otherwise gets the sign-in page (401); anything else a plain 401 (or 403).
 */
function consoleGate(deps: ConsoleDeps): RequestHandler {
  const guard = deps.guard ?? openGuard;
  return async (req, res, next) => {
    setConsoleHeaders(res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A cross-site action is refused before authentication: the loopback bypass must not answer it.
      if (!sameSiteOr403(req, res, deps.ownNames)) return;
    }
    let identity: Identity | undefined;
    try {
      identity = (await guard('orch.service.v1.AdminService/GetExecution', gateCredentials(req))).identity;
      // Pages read across projects through in-process calls: a caller limited to some (a trust
      // policy's token) is not served them rather than shown others' executions.
      if (identity?.limits) {
        throw new ServiceError(
          Status.PERMISSION_DENIED,
          `${identity.subject} is limited to some projects or domains (its trust policy): the console serves no such caller`,
        );
      }
    } catch (error) {
      const code = error instanceof ServiceError ? error.code : 13;
      const reading = req.method === 'GET' || req.method === 'HEAD';
      if (code === Status.UNAUTHENTICATED && deps.loginUrl && req.method === 'GET' && !fromAnotherSite(req)) {
        res.redirect(302, deps.loginUrl(req.originalUrl));
        return;
      }
      if (code === Status.UNAUTHENTICATED) res.setHeader('www-authenticate', 'Bearer realm="orch"');
      const message = error instanceof ServiceError ? error.message : 'internal error';
      if (code === Status.UNAUTHENTICATED && reading && wantsHtml(req)) {
        const target = req.originalUrl;
        res
          .status(401)
          .type('html')
          .send(signInPage(target, message, deps.loginUrl?.(target)).markup);
        return;
      }
      res.status(httpStatusOf(code)).type('text/plain').send(`${message}\n`);
      return;
    }
    let admin = true;
    try {
      await guard(ADMIN_PAGE_RPC.apiKeys, gateCredentials(req));
    } catch {
      admin = false;
    }
    withViewer(
      viewerOf(identity, () => csrfToken(req, res)),
      admin,
      next,
    );
  };
}

/** Where a launch plan spec keeps its cron expression. */
const scheduled = z.object({
  schedule: z.object({ cron_schedule: z.object({ schedule: z.string().min(1) }) }),
});

/**
 * The next fire time of a launch plan's schedule (from its stored spec JSON), in epoch milliseconds;
 * undefined without a schedule, or for one stored before schedules were checked that does not parse.
 */
export function nextRunOf(spec: string, after = new Date()): number | undefined {
  try {
    const parsed = scheduled.safeParse(JSON.parse(spec));
    return parsed.success
      ? parseCron(parsed.data.schedule.cron_schedule.schedule).nextFireTime(after)?.getTime()
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the project page lists: per domain with anything in it, the newest 20 of each kind. */
async function projectListings(repo: Repository, project: string): Promise<DomainListing[]> {
  const domains: DomainListing[] = [];
  for (const domain of DOMAINS) {
    const scope = { project, domain };
    const page1 = { limit: 20, token: '' };
    const workflows = await repo.listEntities('workflows', scope, page1, { sort: NEWEST_FIRST });
    const plans = await repo.listEntities('launch_plans', scope, page1, { sort: NEWEST_FIRST });
    const executions = await repo.listExecutions(scope, page1);
    if (!workflows.rows.length && !plans.rows.length && !executions.rows.length) continue;
    domains.push({
      domain,
      executions: executions.rows,
      workflows: workflows.rows,
      launchPlans: plans.rows.map((row) => ({ ...row, next_run: nextRunOf(row.spec) })),
    });
  }
  return domains;
}

const ADMIN = 'orch.service.v1.AdminService';

/** Whether the caller's role permits `rpc`, decided by the same guard as the API. */
async function permits(deps: ConsoleDeps, req: Request, rpc: string): Promise<boolean> {
  try {
    await (deps.guard ?? openGuard)(`${ADMIN}/${rpc}`, httpCredentials(req));
    return true;
  } catch {
    return false;
  }
}

/** The actions the execution page offers this caller, with the cross-site token its forms carry. */
async function actionsFor(deps: ConsoleDeps, req: Request, res: Response): Promise<ExecutionActions> {
  const id = executionKeyOf(req);
  return {
    csrf: csrfToken(req, res),
    terminate: (await permits(deps, req, 'TerminateExecution')) ? paths.action(id, 'terminate') : undefined,
    relaunch: (await permits(deps, req, 'RelaunchExecution')) ? paths.action(id, 'relaunch') : undefined,
  };
}

/**
 * The console's POST actions on an execution: each checked against cross-site requests
 * ({@link checkSameSite}), admitted by the guard exactly as the API's RPC is, run through the
 * AdminService handler with the caller's identity, then redirected (303) to an execution page.
 */
function addExecutionActions(router: Router, deps: ConsoleDeps): void {
  const base = '/console/projects/:project/domains/:domain/executions/:name';
  const act = (
    action: 'terminate' | 'relaunch',
    rpc: string,
    run: (req: Request, context: object) => Promise<string>,
  ) => {
    router.post(`${base}/${action}`, formBody, async (req, res) => {
      const id = executionKeyOf(req);
      try {
        checkSameSite(req, deps.ownNames);
        const context = await (deps.guard ?? openGuard)(`${ADMIN}/${rpc}`, formCredentials(req));
        res.redirect(303, await run(req, context));
      } catch (error) {
        const status = actionStatus(error, httpStatusOf);
        if (status === 500) deps.logger.error('console action failed', { action, error: String(error) });
        const message = isShownError(error) ? error.message : 'internal error';
        res
          .status(status)
          .type('html')
          .send(refusedPage(`Could not ${action}`, message, paths.execution(id)).markup);
      }
    });
  };
  const handler = (rpc: string) => {
    const found = deps.admin[rpc];
    if (!found) throw new Error(`no handler ${rpc}`);
    return found;
  };
  act('terminate', 'TerminateExecution', async (req, context) => {
    const id = executionKeyOf(req);
    const cause = formText(req, 'cause', 1024);
    await handler('TerminateExecution')({ id, cause }, context);
    return paths.execution(id);
  });
  act('relaunch', 'RelaunchExecution', async (req, context) => {
    const id = executionKeyOf(req);
    const answer = fullMessage(
      'orch.admin.v1.ExecutionCreateResponse',
      await handler('RelaunchExecution')({ id, name: '' }, context),
    );
    return paths.execution({ ...id, name: answer.id?.name ?? id.name });
  });
  router.use(
    base,
    formErrors(
      (status, message) => refusedPage(status === 413 ? 'Form too large' : 'Bad form', message).markup,
    ),
  );
}

/** The path of a launch plan version's state form (`POST state=ACTIVE|INACTIVE`). */
const planStatePath = (v: ExecutionKey & { version: string }) =>
  `${paths.entity('launch_plans', v.project, v.domain, v.name)}/${encodeURIComponent(v.version)}/state`;

/**
 * `POST .../launch_plans/<name>/<version>/state` with `state=ACTIVE` or `INACTIVE` (the Activate and
 * Deactivate buttons of a launch plan's page): checked against cross-site requests
 * ({@link checkSameSite}), admitted by the guard as the API's UpdateLaunchPlan is (register
 * permission), run through its handler (activating a version deactivates the others of its name, so
 * its schedule fires from then on), then redirected (303) to the launch plan's page. A missing or
 * other `state` answers 400, a missing version 404.
 */
function addPlanState(router: Router, deps: ConsoleDeps): void {
  const path = '/console/projects/:project/domains/:domain/launch_plans/:name/:version/state';
  router.post(path, formBody, async (req, res) => {
    const scope = { ...executionKeyOf(req), version: String(req.params.version) };
    const back = paths.entity('launch_plans', scope.project, scope.domain, scope.name);
    try {
      checkSameSite(req, deps.ownNames);
      const context = await (deps.guard ?? openGuard)(`${ADMIN}/UpdateLaunchPlan`, formCredentials(req));
      const state = formText(req, 'state', 10);
      if (state !== 'ACTIVE' && state !== 'INACTIVE')
        throw new ActionRefused(400, `state must be ACTIVE or INACTIVE, not "${state.slice(0, 10)}"`);
      const update = deps.admin.UpdateLaunchPlan;
      if (!update) throw new Error('no handler UpdateLaunchPlan');
      await update({ id: { resource_type: 'LAUNCH_PLAN', ...scope }, state }, context);
      res.redirect(303, back);
    } catch (error) {
      const status = actionStatus(error, httpStatusOf);
      if (status === 500) deps.logger.error('console launch plan state failed', { error: String(error) });
      const message = isShownError(error) ? error.message : 'internal error';
      res
        .status(status)
        .type('html')
        .send(refusedPage('Could not change the launch plan', message, back).markup);
    }
  });
  router.use(
    path,
    formErrors(
      (status, message) => refusedPage(status === 413 ? 'Form too large' : 'Bad form', message).markup,
    ),
  );
}

/**
 * The launch form of a launch plan version (`GET`), and its submission (`POST`): checked against
 * cross-site requests, admitted as CreateExecution, read against the launch plan's interface
 * (re-rendered 400 with each error beside its field), launched through the CreateExecution handler
 * and redirected (303) to the new execution.
 */
function addLaunchForm(router: Router, deps: ConsoleDeps): void {
  const path = '/console/projects/:project/domains/:domain/launch_plans/:name/:version/launch';
  const scopeOf = (req: Request) => ({ ...executionKeyOf(req), version: String(req.params.version) });
  const handler = (rpc: string) => {
    const found = deps.admin[rpc];
    if (!found) throw new Error(`no handler ${rpc}`);
    return found;
  };
  const loadPlan = async (scope: ReturnType<typeof scopeOf>) =>
    fullMessage(
      'orch.admin.v1.LaunchPlan',
      await handler('GetLaunchPlan')({ id: { resource_type: 'LAUNCH_PLAN', ...scope } }),
    );
  router.get(path, (req, res) =>
    sendPage(deps, req, res, async () => {
      const scope = scopeOf(req);
      const plan = await loadPlan(scope);
      const csrf = (await permits(deps, req, 'CreateExecution')) ? csrfToken(req, res) : undefined;
      return launchPage({ scope, plan, fields: launchFields(plan), csrf });
    }),
  );
  router.post(path, formBody, async (req, res) => {
    const scope = scopeOf(req);
    try {
      checkSameSite(req, deps.ownNames);
      const context = await (deps.guard ?? openGuard)(`${ADMIN}/CreateExecution`, formCredentials(req));
      const plan = await loadPlan(scope);
      const read = readLaunchForm(launchFields(plan), (control) => formText(req, control, MAX_FORM_BYTES));
      const name = formText(req, 'name', 63).trim();
      const csrf = formText(req, 'csrf', 100);
      if (!read.valid) {
        res.status(400).type('html');
        res.send(launchPage({ scope, plan, fields: read.fields, csrf, executionName: name }).markup);
        return;
      }
      try {
        const created = fullMessage(
          'orch.admin.v1.ExecutionCreateResponse',
          await handler('CreateExecution')(
            {
              project: scope.project,
              domain: scope.domain,
              name,
              spec: { launch_plan: { resource_type: 'LAUNCH_PLAN', ...scope } },
              inputs: { literals: read.literals },
            },
            context,
          ),
        );
        res.redirect(303, paths.execution({ ...scope, name: created.id?.name ?? name }));
      } catch (error) {
        if (!(error instanceof ServiceError) || httpStatusOf(error.code) >= 500) throw error;
        res.status(httpStatusOf(error.code)).type('html');
        res.send(
          launchPage({ scope, plan, fields: read.fields, csrf, executionName: name, error: error.message })
            .markup,
        );
      }
    } catch (error) {
      const status = actionStatus(error, httpStatusOf);
      if (status === 500) deps.logger.error('console launch failed', { error: String(error) });
      const message = isShownError(error) ? error.message : 'internal error';
      res
        .status(status)
        .type('html')
        .send(refusedPage('Could not launch', message, launchPath(scope)).markup);
    }
  });
  router.use(
    path,
    formErrors(
      (status, message) => refusedPage(status === 413 ? 'Form too large' : 'Bad form', message).markup,
    ),
  );
}

/**
 * Sends a rendered page: 404 for a missing project or execution (NOT_FOUND), 403 for a read the
 * caller may not make (PERMISSION_DENIED, with the role needed when the authorizer refused it), 500
 * (logged) for anything else.
 */
async function sendPage(deps: ConsoleDeps, req: Request, res: Response, render: () => Promise<Html>) {
  try {
    res.type('html').send((await render()).markup);
  } catch (error) {
    if (
      error instanceof ConsoleNotFound ||
      (error instanceof ServiceError && error.code === Status.NOT_FOUND)
    ) {
      res.status(404).type('html').send(notFoundPage(error.message).markup);
      return;
    }
    if (error instanceof ServiceError && error.code === Status.PERMISSION_DENIED) {
      const role = error instanceof PermissionDenied ? leastRoleWith(error.permission) : undefined;
      res.status(403).type('html').send(forbiddenPage(error.message, role?.toLowerCase()).markup);
      return;
    }
    deps.logger.error('console page failed', { path: req.path, error: String(error) });
    res.status(500).type('html').send(errorPage().markup);
  }
}

/**
 * `GET .../executions?fragment=rows&<filters>`: only the table rows of the list page with the same
 * filters (the list's script polls it), read through ListExecutions exactly as the page is; a bad
 * filter, token or `fragment` value answers 400 with the reason as text, never rows.
 */
async function sendListRows(
  deps: ConsoleDeps,
  req: Request,
  res: Response,
  scope: { project: string; domain: string },
) {
  res.setHeader('cache-control', 'no-store');
  const list = deps.admin.ListExecutions;
  try {
    if (!list) throw new Error('no handler ListExecutions');
    readFragment(req.query);
    const page = await listPage(list, scope, readListForm(req.query));
    res.type('html').send(executionRows(scope.project, scope.domain, page.executions).markup);
  } catch (error) {
    if (error instanceof ServiceError && error.code === Status.INVALID_ARGUMENT) {
      res.status(400).type('text/plain').send(`${error.message}\n`);
      return;
    }
    deps.logger.error('console list rows failed', { path: req.path, error: String(error) });
    res.status(500).type('text/plain').send('internal error\n');
  }
}

/** The execution a console path names. */
const executionKeyOf = (req: Request): ExecutionKey => ({
  project: String(req.params.project),
  domain: String(req.params.domain),
  name: String(req.params.name),
});

/**
 * The console: server-rendered HTML on the admin's HTTP side. `/console` and `/console/projects`
 * list projects; `/console/projects/<p>` shows a project's workflows, launch plans and recent
 * executions; `.../domains` and `.../domains/<d>` link to a domain's executions list, workflows and
 * launch plans (every prefix of an execution's URL is a page);
 * `/console/projects/<p>/domains/<d>/executions/<name>` an execution (phase, timing, inputs, outputs,
 * error, nodes with their attempts and log links, the workflow's graph as SVG), kept current by a
 * small script following the watch stream; `.../nodes/<node>/log` a node's log as text/plain (every
 * attempt's stdout and stderr; `?timestamps=true` starts each line with its time), `.../log/follow` the same as Server-Sent Events while it runs. Pages are rendered by the views of `console-views.ts`, which escape
 * every value printed; every answer carries {@link CONSOLE_CSP}.
 */
export function createConsole(deps: ConsoleDeps): Router {
  const { repo } = deps;
  const router = express.Router();
  // The assets are the same for everyone and hold no data: served before the gate, so that the
  // not-found page (which anyone may get) is styled too.
  const asset = (name: string, type: string, text: string) =>
    router.get(`/console/assets/${name}`, (_req, res) => {
      setConsoleHeaders(res);
      res.type(type).send(text);
    });
  asset('console.css', 'text/css', CONSOLE_STYLE);
  asset('live.js', 'text/javascript', LIVE_SCRIPT);
  asset('launch.js', 'text/javascript', LAUNCH_SCRIPT);
  asset('list.js', 'text/javascript', LIST_SCRIPT);
  asset('execution.css', 'text/css', EXECUTION_STYLE);
  asset('execution.js', 'text/javascript', EXECUTION_SCRIPT);
  addSignOut(router, { ...deps, headers: setConsoleHeaders });
  router.use('/console', consoleGate(deps));

  /** A page route: 404 for a missing project or execution, 500 (logged) for anything else. */
  const page = (path: string, render: (req: Request) => Promise<Html>) => {
    router.get(path, (req, res) => sendPage(deps, req, res, () => render(req)));
  };

  page('/console', async () => {
    const { rows } = await repo.listProjects({ limit: 200, token: '' }, { sort: NEWEST_FIRST });
    return projectsPage(rows);
  });
  addIndexPages(page, repo);
  const pageDeps = {
    guard: deps.guard ?? openGuard,
    credentials: gateCredentials,
    secrets: deps.secrets,
    apiKeys: deps.apiKeys,
    apps: deps.apps,
    send: (req: Request, res: Response, render: () => Promise<Html>) => sendPage(deps, req, res, render),
  };
  addAdminPages(router, pageDeps);
  addAppsPage(router, pageDeps);
  addAppPages(router, pageDeps);

  page('/console/projects/:project', async (req) => {
    const project = String(req.params.project);
    if (!(await repo.getProject(project))) throw new ConsoleNotFound(`project ${project} does not exist`);
    return projectPage(project, await projectListings(repo, project));
  });

  router.get('/console/projects/:project/domains/:domain/executions', async (req, res) => {
    const scope = { project: String(req.params.project), domain: String(req.params.domain) };
    if (req.query.fragment !== undefined && req.query.fragment !== '') {
      await sendListRows(deps, req, res, scope);
      return;
    }
    await sendPage(deps, req, res, async () => {
      const list = deps.admin.ListExecutions;
      if (!list) throw new Error('no handler ListExecutions');
      let form = readListForm({});
      try {
        form = readListForm(req.query);
        const page = await listPage(list, scope, form);
        return executionsPage({ ...scope, form, ...page });
      } catch (error) {
        if (!(error instanceof ServiceError) || error.code !== Status.INVALID_ARGUMENT) throw error;
        res.status(400);
        return executionsPage({ ...scope, form, executions: [], token: '', error: error.message });
      }
    });
  });

  router.get('/console/projects/:project/domains/:domain/tasks/:name', (req, res) =>
    sendPage(deps, req, res, async () => {
      const scope = executionKeyOf(req);
      const page1 = { limit: 100, token: '' };
      const { rows } = await repo.listEntities('tasks', scope, page1, { sort: NEWEST_FIRST });
      if (!rows.length) throw new ConsoleNotFound(`no task ${scope.name}`);
      return entityPage('tasks', scope, rows);
    }),
  );
  addVersionPages(router, { repo, admin: deps.admin, logger: deps.logger, send: pageDeps.send });
  for (const kind of ['workflows', 'launch_plans'] as const) {
    router.get(`/console/projects/:project/domains/:domain/${kind}/:name`, (req, res) =>
      sendPage(deps, req, res, async () => {
        const scope = executionKeyOf(req);
        const { rows } = await repo.listEntities(
          kind,
          scope,
          { limit: 100, token: '' },
          { sort: NEWEST_FIRST },
        );
        if (!rows.length)
          throw new ConsoleNotFound(`no ${kind === 'workflows' ? 'workflow' : 'launch plan'} ${scope.name}`);
        if (kind === 'workflows') return entityPage(kind, scope, rows);
        const states = new Map(
          rows.map((r) => {
            const active = 'state' in r && r.state === 1;
            return [r.version, { active, next: active ? nextRunOf(r.spec) : undefined }];
          }),
        );
        const csrf = (await permits(deps, req, 'UpdateLaunchPlan')) ? csrfToken(req, res) : undefined;
        return entityPage(kind, scope, rows, (version) => launchPath({ ...scope, version }), {
          states,
          stateHref: (version) => planStatePath({ ...scope, version }),
          csrf,
        });
      }),
    );
  }
  addPlanState(router, deps);

  router.get('/console/projects/:project/domains/:domain/executions/:name', (req, res) =>
    sendPage(deps, req, res, async () =>
      loadExecutionPage(deps, executionKeyOf(req), await actionsFor(deps, req, res)),
    ),
  );
  addExecutionActions(router, deps);
  addLaunchForm(router, deps);
  addLogFollow(router, deps);

  router.get(
    '/console/projects/:project/domains/:domain/executions/:name/nodes/:node/log',
    async (req, res) => {
      res.type('text/plain; charset=utf-8');
      try {
        const timestamps = req.query.timestamps === 'true' || req.query.timestamps === '1';
        const log = await nodeLogText(deps, executionKeyOf(req), String(req.params.node), timestamps);
        if (log === undefined) res.status(404).send('no such execution node, or it has not run yet\n');
        else res.send(log);
      } catch (error) {
        deps.logger.error('console log failed', { error: String(error) });
        res.status(500).send('the log could not be read\n');
      }
    },
  );

  return router;
}
