import { status as Status } from '@grpc/grpc-js';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { parseExactJson } from '../../api/exact-json.js';
import { fromJson, JsonMappingError, toJson } from '../../api/json.js';
import { loadApi } from '../../api/proto.js';
import { type Guard, openGuard } from '../auth/guard.js';
import { checkLimits } from '../auth/limits.js';
import { httpStatusOf, invalidArgument } from '../errors.js';
import type { HandlersByName, ServiceHandlers, ServiceStreams } from '../grpc.js';
import { accessRecord, publicError, streamsByName, unaryByName } from '../grpc.js';
import type { Logger } from '../logger.js';
import type { CallContext } from '../services/handler.js';

const ADMIN = 'orch.service.v1.AdminService';
const AUTH_METADATA = 'orch.service.v1.AuthMetadataService';
const DATA_PROXY = 'orch.service.v1.DataProxyService';
const SECRETS = 'orch.service.v1.SecretService';
const API_KEYS = 'orch.service.v1.ApiKeyService';
const IDENTITY = 'orch.service.v1.IdentityService';
const APPS = 'orch.service.v1.AppService';

type Build = (req: Request) => Record<string, unknown>;

interface Route {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  service: string;
  rpc: string;
  /** Builds the request message (JSON form) from path parameters, query and body. */
  build: Build;
}

const body: Build = (req) => (req.body && typeof req.body === 'object' ? req.body : {});
/**
 * A request's query parameters, each a single string (Express 5's simple parser gives an array for a
 * repeated name).
 * @throws ServiceError INVALID_ARGUMENT naming a parameter given more than once.
 */
function queryOf(req: Request): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.query)) {
    if (typeof value !== 'string')
      throw invalidArgument(`query parameter ${name}: give it once, as one value`);
    out[name] = value;
  }
  return out;
}
const listQuery = (req: Request): Record<string, unknown> => {
  const q = queryOf(req);
  const out: Record<string, unknown> = {};
  if (q.limit !== undefined) {
    if (!/^\d+$/.test(q.limit))
      throw invalidArgument(`query parameter limit: "${q.limit}" is not a whole number`);
    out.limit = Number(q.limit);
  }
  if (q.token !== undefined) out.token = q.token;
  if (q.filters !== undefined) out.filters = q.filters;
  if (q['sort_by.key'] !== undefined) {
    out.sort_by = { key: q['sort_by.key'], direction: q['sort_by.direction'] ?? 'DESCENDING' };
  }
  return out;
};
const resourceList: Build = (req) => ({
  id: { project: req.params.project, domain: req.params.domain, name: req.params.name ?? '' },
  ...listQuery(req),
});
const objectGet =
  (resourceType: string): Build =>
  (req) => ({
    id: {
      resource_type: resourceType,
      project: req.params.project,
      domain: req.params.domain,
      name: req.params.name,
      version: req.params.version,
    },
  });
const secretId = (req: Request) => {
  const q = queryOf(req);
  return { name: req.params.name, org: q.org ?? '', domain: q.domain ?? '', project: q.project ?? '' };
};
const appId = (req: Request) => ({
  project: req.params.project,
  domain: req.params.domain,
  name: req.params.name,
  org: queryOf(req).org ?? '',
});
const executionId: Build = (req) => ({
  id: { project: req.params.project, domain: req.params.domain, name: req.params.name },
});

/** Every RPC served as JSON under `/api/v1` (DESIGN.md, "HTTP side"). */
const ROUTES: Route[] = [
  { method: 'post', path: '/api/v1/projects', service: ADMIN, rpc: 'RegisterProject', build: body },
  { method: 'get', path: '/api/v1/projects', service: ADMIN, rpc: 'ListProjects', build: listQuery },
  {
    method: 'get',
    path: '/api/v1/projects/:id',
    service: ADMIN,
    rpc: 'GetProject',
    build: (r) => ({ id: r.params.id }),
  },
  {
    method: 'put',
    path: '/api/v1/projects/:id',
    service: ADMIN,
    rpc: 'UpdateProject',
    build: (r) => ({ ...(body(r) as object), id: r.params.id }),
  },
  { method: 'get', path: '/api/v1/domains', service: ADMIN, rpc: 'GetDomains', build: () => ({}) },
  ...(
    [
      ['task_ids', 'Task'],
      ['workflow_ids', 'Workflow'],
      ['launch_plan_ids', 'LaunchPlan'],
    ] as const
  ).map(
    ([path, singular]): Route => ({
      method: 'get',
      path: `/api/v1/${path}/:project/:domain`,
      service: ADMIN,
      rpc: `List${singular}Ids`,
      build: (r) => ({ project: r.params.project, domain: r.params.domain, ...listQuery(r) }),
    }),
  ),
  {
    method: 'put',
    path: '/api/v1/launch_plans/:project/:domain/:name/:version',
    service: ADMIN,
    rpc: 'UpdateLaunchPlan',
    build: (r) => ({ ...(body(r) as object), ...objectGet('LAUNCH_PLAN')(r) }),
  },
  {
    method: 'get',
    path: '/api/v1/active_launch_plans/:project/:domain/:name',
    service: ADMIN,
    rpc: 'GetActiveLaunchPlan',
    build: (r) => ({ id: { project: r.params.project, domain: r.params.domain, name: r.params.name } }),
  },
  ...(
    [
      ['tasks', 'Task', 'TASK'],
      ['workflows', 'Workflow', 'WORKFLOW'],
      ['launch_plans', 'LaunchPlan', 'LAUNCH_PLAN'],
    ] as const
  ).flatMap(([plural, singular, resourceType]): Route[] => [
    { method: 'post', path: `/api/v1/${plural}`, service: ADMIN, rpc: `Create${singular}`, build: body },
    {
      method: 'get',
      path: `/api/v1/${plural}/:project/:domain/:name/:version`,
      service: ADMIN,
      rpc: `Get${singular}`,
      build: objectGet(resourceType),
    },
    {
      method: 'get',
      path: `/api/v1/${plural}/:project/:domain{/:name}`,
      service: ADMIN,
      rpc: `List${singular}s`,
      build: resourceList,
    },
  ]),
  { method: 'post', path: '/api/v1/executions', service: ADMIN, rpc: 'CreateExecution', build: body },
  {
    method: 'get',
    path: '/api/v1/executions/:project/:domain/:name',
    service: ADMIN,
    rpc: 'GetExecution',
    build: executionId,
  },
  {
    method: 'get',
    path: '/api/v1/executions/:project/:domain',
    service: ADMIN,
    rpc: 'ListExecutions',
    build: resourceList,
  },
  {
    method: 'get',
    path: '/api/v1/data/executions/:project/:domain/:name',
    service: ADMIN,
    rpc: 'GetExecutionData',
    build: executionId,
  },
  {
    method: 'delete',
    path: '/api/v1/executions/:project/:domain/:name',
    service: ADMIN,
    rpc: 'TerminateExecution',
    build: (r) => ({ ...(body(r) as object), ...executionId(r) }),
  },
  {
    method: 'post',
    path: '/api/v1/executions/relaunch',
    service: ADMIN,
    rpc: 'RelaunchExecution',
    build: body,
  },
  {
    method: 'get',
    path: '/api/v1/node_executions/:project/:domain/:name',
    service: ADMIN,
    rpc: 'ListNodeExecutions',
    build: (r) => ({ workflow_execution_id: executionId(r).id, ...listQuery(r) }),
  },
  {
    method: 'get',
    path: '/api/v1/data/node_executions/:project/:domain/:name/:node_id',
    service: ADMIN,
    rpc: 'GetNodeExecutionData',
    build: (r) => ({ id: { node_id: r.params.node_id, execution_id: executionId(r).id } }),
  },
  { method: 'get', path: '/api/v1/version', service: ADMIN, rpc: 'GetVersion', build: () => ({}) },
  {
    method: 'post',
    path: '/api/v1/dataproxy/artifact_urn',
    service: DATA_PROXY,
    rpc: 'CreateUploadLocation',
    build: body,
  },
  {
    method: 'post',
    path: '/api/v1/dataproxy/artifact_link',
    service: DATA_PROXY,
    rpc: 'CreateDownloadLink',
    build: body,
  },
  {
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    service: AUTH_METADATA,
    rpc: 'GetOAuth2Metadata',
    build: () => ({}),
  },
  { method: 'get', path: '/me', service: IDENTITY, rpc: 'UserInfo', build: () => ({}) },
  { method: 'post', path: '/api/v1/secrets', service: SECRETS, rpc: 'CreateSecret', build: body },
  { method: 'put', path: '/api/v1/secrets', service: SECRETS, rpc: 'UpdateSecret', build: body },
  {
    method: 'get',
    path: '/api/v1/secrets/:name',
    service: SECRETS,
    rpc: 'GetSecret',
    build: (r) => ({ id: secretId(r) }),
  },
  {
    method: 'get',
    path: '/api/v1/secrets',
    service: SECRETS,
    rpc: 'ListSecrets',
    build: (r) => {
      const q = queryOf(r);
      return { org: q.org ?? '', domain: q.domain ?? '', project: q.project ?? '', ...listQuery(r) };
    },
  },
  {
    method: 'delete',
    path: '/api/v1/secrets/:name',
    service: SECRETS,
    rpc: 'DeleteSecret',
    build: (r) => ({ id: secretId(r) }),
  },
  {
    method: 'post',
    path: '/api/v1/trust_policies',
    service: ADMIN,
    rpc: 'CreateTrustPolicy',
    build: body,
  },
  {
    method: 'get',
    path: '/api/v1/trust_policies',
    service: ADMIN,
    rpc: 'ListTrustPolicies',
    build: (r) => ({ org: queryOf(r).org ?? '', ...listQuery(r) }),
  },
  {
    method: 'get',
    path: '/api/v1/trust_policies/:name',
    service: ADMIN,
    rpc: 'GetTrustPolicy',
    build: (r) => ({ name: r.params.name, org: queryOf(r).org ?? '' }),
  },
  {
    method: 'delete',
    path: '/api/v1/trust_policies/:name',
    service: ADMIN,
    rpc: 'DeleteTrustPolicy',
    build: (r) => ({ name: r.params.name, org: queryOf(r).org ?? '' }),
  },
  { method: 'post', path: '/api/v1/api_keys', service: API_KEYS, rpc: 'CreateApiKey', build: body },
  {
    method: 'get',
    path: '/api/v1/api_keys',
    service: API_KEYS,
    rpc: 'ListApiKeys',
    build: (r) => ({ org: queryOf(r).org ?? '', ...listQuery(r) }),
  },
  {
    method: 'delete',
    path: '/api/v1/api_keys/:name',
    service: API_KEYS,
    rpc: 'DeleteApiKey',
    build: (r) => ({ name: r.params.name, org: queryOf(r).org ?? '' }),
  },
  {
    method: 'get',
    path: '/api/v1/apps/:project/:domain/:name',
    service: APPS,
    rpc: 'Get',
    build: (r) => ({ id: appId(r) }),
  },
  {
    method: 'get',
    path: '/api/v1/apps/:project/:domain/:name/revisions',
    service: APPS,
    rpc: 'ListRevisions',
    build: (r) => ({ id: appId(r), limit: listQuery(r).limit ?? 0 }),
  },
  {
    method: 'get',
    path: '/api/v1/apps/:project/:domain/:name/logs',
    service: APPS,
    rpc: 'GetLogs',
    build: (r) => ({ id: appId(r), limit: listQuery(r).limit ?? 0 }),
  },
  {
    method: 'get',
    path: '/api/v1/apps/:project/:domain',
    service: APPS,
    rpc: 'List',
    build: (r) => ({ project: r.params.project, domain: r.params.domain, ...listQuery(r) }),
  },
  {
    method: 'delete',
    path: '/api/v1/apps/:project/:domain/:name',
    service: APPS,
    rpc: 'Stop',
    build: (r) => ({ id: appId(r) }),
  },
  {
    method: 'get',
    path: '/config/v1/orch_client',
    service: AUTH_METADATA,
    rpc: 'GetPublicClientConfig',
    build: () => ({}),
  },
];

/**
 * Server-streaming RPCs, served as Server-Sent Events (`text/event-stream`): one `data:` line of the
 * message's JSON per message, then an `end` event; an error after the stream started is an `error`
 * event with the `{code, message, details}` body, one before it is an ordinary JSON error answer.
 */
const STREAM_ROUTES: Route[] = [
  { method: 'post', path: '/api/v1/apps', service: APPS, rpc: 'Deploy', build: body },
  {
    method: 'get',
    path: '/api/v1/executions/:project/:domain/:name/watch',
    service: ADMIN,
    rpc: 'WatchExecution',
    build: executionId,
  },
];

/** The gateway's routes: HTTP method, path and the RPC each serves. */
export function gatewayRoutes(): { method: string; path: string; rpc: string }[] {
  return [...ROUTES, ...STREAM_ROUTES].map(({ method, path, service, rpc }) => ({
    method,
    path,
    rpc: `${service}/${rpc}`,
  }));
}

/**
 * Largest JSON body the gateway reads, in bytes: 10485760, the gRPC side's
 * `--sharedservice.grpc.maxMessageSizeBytes` default. A larger one answers 413.
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Reads a JSON body (`Content-Type: application/json`, at most {@link MAX_BODY_BYTES}) into
 * `req.body` as `express.json()` does (an object or an array; none is `{}`), except that integers
 * beyond ±2^53 are read exactly, as bigints: a 64-bit integer field may be given as a JSON number or
 * as a decimal string (DESIGN.md, "HTTP side"). Malformed JSON answers 400.
 */
function exactJsonBody(): express.RequestHandler[] {
  const parse = (req: Request, res: Response, next: NextFunction) => {
    const text: unknown = req.body;
    if (typeof text !== 'string') return next();
    let value: unknown;
    try {
      value = text.trim() === '' ? {} : parseExactJson(text);
    } catch {
      value = undefined;
    }
    if (value === null || typeof value !== 'object') {
      sendError(res, Status.INVALID_ARGUMENT, 'request body is not valid JSON');
      return;
    }
    req.body = value;
    next();
  };
  return [express.text({ type: 'application/json', limit: MAX_BODY_BYTES }), parse];
}

function sendError(res: Response, code: Status, message: string): void {
  if (code === Status.UNAUTHENTICATED) res.setHeader('www-authenticate', 'Bearer realm="orch"');
  res.status(httpStatusOf(code)).json({ code, message, details: [] });
}

/** The headers and peer of an HTTP request, as the authenticator reads them. */
export function httpCredentials(req: Request) {
  return {
    transport: 'http' as const,
    header: (name: string) => req.get(name),
    remoteAddress: req.socket.remoteAddress,
    method: req.method,
  };
}

/**
 * The JSON gateway: the same handlers as gRPC, under `/api/v1/...`, with snake_case fields, enums
 * as names, 64-bit integers as strings and timestamps as RFC 3339. Errors answer
 * `{code, message, details}` with the HTTP status of DESIGN.md's mapping.
 */
export function createGateway(
  services: ServiceHandlers,
  logger: Logger,
  audit?: Logger,
  streams: ServiceStreams = {},
  guard: Guard = openGuard,
): Router {
  const router = express.Router();
  router.use(exactJsonBody());
  /** The handler of a route's RPC; throws when it has none. */
  const handlerOf = <H>(handlers: HandlersByName<H>, route: Route): H => {
    const handler = handlers[route.service]?.[route.rpc];
    if (!handler) throw new Error(`no handler for ${route.service}/${route.rpc}`);
    return handler;
  };
  /** The request and response message types of a route's RPC; throws when it has none. */
  const typesOf = (route: Route) => {
    const method = loadApi().root.lookupService(route.service).methods[route.rpc];
    if (!method) throw new Error(`no handler for ${route.service}/${route.rpc}`);
    return {
      requestType: method.resolvedRequestType?.fullName.replace(/^\./, '') ?? '',
      responseType: method.resolvedResponseType?.fullName.replace(/^\./, '') ?? '',
    };
  };
  /** Admits the call (guard), then builds its request message; sets `call.context` once admitted. */
  const admit = async (
    route: Route,
    requestType: string,
    req: Request,
    call: { context?: CallContext },
  ): Promise<object> => {
    call.context = await guard(`${route.service}/${route.rpc}`, httpCredentials(req));
    try {
      return fromJson(requestType, route.build(req));
    } catch (error) {
      if (error instanceof JsonMappingError) throw invalidArgument(`request body: ${error.message}`);
      throw error;
    }
  };

  const unary = unaryByName(services);
  for (const route of ROUTES) {
    const handler = handlerOf(unary, route);
    const { requestType, responseType } = typesOf(route);
    router[route.method](route.path, async (req: Request, res: Response) => {
      const started = Date.now();
      const call: { context?: CallContext } = {};
      try {
        const request = await admit(route, requestType, req, call);
        const response = await handler(request, call.context);
        audit?.info(
          'access',
          accessRecord('http', `${route.service}/${route.rpc}`, Status.OK, started, call.context),
        );
        res.json(toJson(responseType, response));
      } catch (error) {
        const { code, message } = publicError(error, route.rpc, logger);
        audit?.info(
          'access',
          accessRecord('http', `${route.service}/${route.rpc}`, code, started, call.context),
        );
        sendError(res, code, message);
      }
    });
  }

  const streaming = streamsByName(streams);
  for (const route of STREAM_ROUTES) {
    const handler = handlerOf(streaming, route);
    const { requestType, responseType } = typesOf(route);
    router[route.method](route.path, async (req: Request, res: Response) => {
      const started = Date.now();
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      const open = () => {
        if (res.headersSent) return;
        res.status(200);
        res.setHeader('content-type', 'text/event-stream; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('x-accel-buffering', 'no');
        res.flushHeaders();
      };
      const call: { context?: CallContext } = {};
      try {
        const request = await admit(route, requestType, req, call);
        // Unary handlers check the caller's limits themselves (server-services.ts); streams have no context.
        checkLimits(call.context?.identity, `${route.service}/${route.rpc}`, request);
        await handler(
          request,
          (message) => {
            open();
            res.write(`data: ${JSON.stringify(toJson(responseType, message))}\n\n`);
          },
          abort.signal,
          call.context,
        );
        audit?.info(
          'access',
          accessRecord('http', `${route.service}/${route.rpc}`, Status.OK, started, call.context),
        );
        open();
        res.end('event: end\ndata: {}\n\n');
      } catch (error) {
        const { code, message } = publicError(error, route.rpc, logger);
        audit?.info(
          'access',
          accessRecord('http', `${route.service}/${route.rpc}`, code, started, call.context),
        );
        if (!res.headersSent) {
          sendError(res, code, message);
          return;
        }
        res.end(`event: error\ndata: ${JSON.stringify({ code, message, details: [] })}\n\n`);
      }
    });
  }

  router.use('/api', (_req: Request, res: Response) => sendError(res, Status.NOT_FOUND, 'no such API route'));
  return router;
}

/**
 * Answers malformed JSON bodies with 400 and bodies over {@link MAX_BODY_BYTES} with 413 (RFC 9110
 * §15.5.14), in the gateway's error shape (Express error middleware).
 */
export function jsonErrorHandler(
  error: unknown,
  _req: Request,
  res: Response,
  next: (error?: unknown) => void,
): void {
  const parseError = error as { type?: string; status?: number } | null;
  if (parseError?.type === 'entity.parse.failed') {
    sendError(res, Status.INVALID_ARGUMENT, 'request body is not valid JSON');
    return;
  }
  if (parseError?.type === 'entity.too.large') {
    // 413, not the 429 of RESOURCE_EXHAUSTED's mapping: a retry of the same body can never succeed.
    res.status(413).json({
      code: Status.RESOURCE_EXHAUSTED,
      message: `request body is larger than the limit of ${MAX_BODY_BYTES} bytes`,
      details: [],
    });
    return;
  }
  next(error);
}
