import express, { type Express, type NextFunction, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import { errorMessage } from '../api/guards.js';
import { MAX_NESTING_DEPTH, nestingDepth } from '../api/limits.js';
import { accessLog } from '../http-edge/access-log.js';
import { SIGNATURE_HEADER } from '../http-edge/auth.js';
import { rawBody } from '../http-edge/body.js';
import { type FailureLimit, failedAuthLimit } from '../http-edge/limits.js';
import { emitterTo } from '../http-edge/log.js';
import {
  bodyProblem,
  type EdgeLocals,
  type EdgeResponse,
  HttpProblem,
  onlyPostProblem,
  sendProblem,
} from '../http-edge/problem.js';
import type { Logger } from '../telemetry/log.js';
import { EdgeMetrics, type EdgeMetricsOptions } from '../telemetry/metrics.js';
import type { Bot, Delivery } from './bot.js';

/** Where GitHub sends deliveries (the path Probot and most GitHub Apps use). */
export const DELIVERY_PATH = '/api/github/webhooks';
/** Default largest delivery: 25 MiB, GitHub's own cap on a payload. */
export const DEFAULT_MAX_DELIVERY_BYTES = 25 * 1024 * 1024;
/** Default deliveries handled at once. */
export const DEFAULT_CONCURRENCY = 4;
/** Default deliveries waiting to be handled before new ones get 503. */
export const DEFAULT_MAX_QUEUED = 1000;
/** Default failed signature checks allowed per client address and minute. */
export const DEFAULT_SIGNATURE_FAILURE_LIMIT = 20;

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The bot's Prometheus metrics, on a registry of its own:
 * - `orch_bot_http_requests_total{method, route, status}` and `orch_bot_http_request_duration_seconds{route}`;
 * - `orch_bot_deliveries_total{event, outcome}`: deliveries received (`accepted`, `duplicate`,
 *   `unsigned`, `bad_signature`, `malformed`, `overloaded`) and handled (`done`, `ignored`, `failed`);
 * - `orch_bot_delivery_duration_seconds{event}`: time to handle a delivery, in seconds;
 * - `orch_bot_queued_deliveries`: deliveries waiting;
 * - the admin client's `orch_bot_grpc_client_*` (see `GrpcClientMetrics`).
 */
export class BotMetrics extends EdgeMetrics {
  readonly deliveries = this.counter(
    'deliveries_total',
    'deliveries received and handled, by event and outcome',
    ['event', 'outcome'],
  );
  readonly deliverySeconds = this.histogram(
    'delivery_duration_seconds',
    'time to handle a delivery, in seconds, by event',
    ['event'],
    BUCKETS,
  );
  readonly queued = this.gauge('queued_deliveries', 'deliveries waiting to be handled');
  /** @param options.processMetrics also collect prom-client's process metrics. */
  constructor(options: EdgeMetricsOptions = {}) {
    super('orch_bot_', BUCKETS, options);
  }
}

/** What {@link createBotServer} needs. */
export interface BotServerDeps {
  bot: Bot;
  /**
   * Checks `X-Hub-Signature-256` against the raw body with the app's webhook secret (octokit's
   * `app.webhooks.verify`: HMAC-SHA256, compared in constant time).
   */
  verify(payload: string, signature: string): Promise<boolean>;
  /** Probes the admin for `/readyz` (e.g. GetVersion with a short deadline); true when it answers. */
  probe(): Promise<boolean>;
  /** Process records. */
  logger: Logger;
  /** One record per request. */
  access: Logger;
  metrics?: BotMetrics;
  /** Largest delivery body, in bytes. @default 26214400 */
  maxBodyBytes?: number;
  /** Deliveries handled at once. @default 4 */
  concurrency?: number;
  /** Deliveries waiting before new ones are answered 503. @default 1000 */
  maxQueued?: number;
  /** Delivery ids remembered to do each once. @default 10000 */
  rememberedDeliveries?: number;
  /** Failed signature checks per client address and minute before 429; `false` turns it off. @default 20 */
  signatureFailureLimit?: number | false;
}

/** The Express app plus what its entry needs to stop it. */
export type BotServer = Express & {
  readonly metrics: BotMetrics;
  /** From now on `/readyz` answers 503, deliveries get 503, and answers close their connection. */
  beginShutdown(): void;
  /** Resolves when every accepted delivery has been handled (executions may still be followed: `Bot.idle`). */
  drained(): Promise<void>;
};

/** What the bot's handlers record about one request in `res.locals`, beyond the edge's own. */
type BotLocals = EdgeLocals & {
  /** `X-GitHub-Delivery` of a delivery whose headers were well formed. */
  delivery?: string;
  /** `X-GitHub-Event` of a delivery whose headers were well formed. */
  event?: string;
};
type BotResponse = EdgeResponse<BotLocals>;

/** `GET /healthz` (and `/healthcheck`), `/readyz` (the admin answers; 503 while shutting down) and `/metrics`. */
function operationalRoutes(
  app: Express,
  parts: {
    probe: () => Promise<boolean>;
    metrics: BotMetrics;
    queue: PQueue;
    shuttingDown: () => boolean;
    problem: (res: BotResponse, status: number, error: string) => void;
  },
): void {
  app.get(['/healthz', '/healthcheck'], (_req, res: BotResponse) => {
    res.locals.route = 'healthz';
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res: BotResponse) => {
    res.locals.route = 'readyz';
    res.set('Cache-Control', 'no-store');
    if (parts.shuttingDown()) return parts.problem(res, 503, 'shutting down');
    if (await parts.probe().catch(() => false)) res.json({ status: 'ready' });
    else res.status(503).set('Retry-After', '5').json({ status: 'admin unreachable' });
  });
  app.get('/metrics', async (_req, res: BotResponse) => {
    res.locals.route = 'metrics';
    parts.metrics.queued.set(parts.queue.size + parts.queue.pending);
    res.set('Content-Type', parts.metrics.registry.contentType).send(await parts.metrics.registry.metrics());
  });
}

/**
 * The limit of failed signature checks per client address and minute (`signatureFailureLimit`;
 * `false` or 0 turns it off): 429 with `Retry-After` once an address has used it up.
 */
function signatureFailures(deps: Pick<BotServerDeps, 'signatureFailureLimit' | 'logger'>): FailureLimit {
  const limit = deps.signatureFailureLimit ?? DEFAULT_SIGNATURE_FAILURE_LIMIT;
  return failedAuthLimit(
    limit === false || limit === 0 ? false : { limit, windowMs: 60_000 },
    emitterTo(deps.logger),
    {
      refused: () => new HttpProblem(401, undefined, 'the signature does not match the body'),
      tooMany: (retryAfterSeconds) =>
        new HttpProblem(
          429,
          undefined,
          'too many failed signatures from this address; slow down',
          {},
          { 'Retry-After': String(retryAfterSeconds) },
        ),
      failures: 'failed signatures',
    },
  );
}

/** A delivery id as GitHub sends it: a GUID (older deliveries: other short tokens). */
const DELIVERY_ID = /^[A-Za-z0-9-]{1,64}$/;
const EVENT_NAME = /^[a-z0-9_]{1,64}$/;

/**
 * The bot's HTTP side: `POST /api/github/webhooks` takes GitHub's deliveries, `GET /healthz`,
 * `/readyz` and `/metrics` serve operations. Answers of the delivery route, each JSON
 * `{status}` or `{error, request_id}`:
 * - 202 accepted: verified and queued (handled in the background, so GitHub's 10 s limit never bites);
 * - 200 duplicate: an `X-GitHub-Delivery` already accepted (a redelivery is done once; one whose
 *   handling failed may be redelivered);
 * - 400 a missing event or delivery header, or a body that is not a JSON object or nests over 64 levels;
 * - 401 no `X-Hub-Signature-256`, or one that does not match (nothing is parsed or done);
 * - 413 a body over the limit; 415 not `application/json`;
 * - 429 too many failed signatures from the address; 503 overloaded or shutting down.
 */
export function createBotServer(deps: BotServerDeps): BotServer {
  const metrics = deps.metrics ?? new BotMetrics();
  const maxBodyBytes = deps.maxBodyBytes ?? DEFAULT_MAX_DELIVERY_BYTES;
  const maxQueued = deps.maxQueued ?? DEFAULT_MAX_QUEUED;
  const queue = new PQueue({ concurrency: deps.concurrency ?? DEFAULT_CONCURRENCY });
  const seen = new LRUCache<string, true>({ max: deps.rememberedDeliveries ?? 10_000 });
  let shuttingDown = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use(
    accessLog<BotLocals>({
      emit: emitterTo(deps.access),
      metrics,
      shuttingDown: () => shuttingDown,
      fields: ({ locals }) => ({ delivery: locals.delivery, event: locals.event }),
      headers: false,
    }),
  );

  /** Answers `{error, request_id}` with `status`, counting the delivery's `outcome` when given. */
  const problem = (res: BotResponse, status: number, error: string, outcome?: string) => {
    countOutcome(res, outcome);
    sendProblem(res, new HttpProblem(status, undefined, error));
  };
  const countOutcome = (res: BotResponse, outcome: string | undefined) => {
    if (outcome) metrics.deliveries.inc({ event: res.locals.event ?? 'unknown', outcome });
  };

  operationalRoutes(app, { probe: deps.probe, metrics, queue, shuttingDown: () => shuttingDown, problem });

  const failures = signatureFailures(deps);
  const readBody = rawBody(maxBodyBytes);

  /** 401 for a delivery that is not signed or whose signature does not match, counted against its address. */
  const refuse = (req: Request, res: BotResponse, next: NextFunction, error: string, outcome: string) => {
    countOutcome(res, outcome);
    failures.refuse(req, res, next, new HttpProblem(401, undefined, error));
  };

  app.all(
    DELIVERY_PATH,
    (req, res: BotResponse, next) => {
      res.locals.route = 'deliveries';
      if (req.method !== 'POST') return sendProblem(res, onlyPostProblem());
      if (shuttingDown) return problem(res, 503, 'shutting down; deliver again later');
      const blocked = failures.blocked(req, res);
      if (blocked === false) next();
      else
        blocked.then((refused) => {
          if (!refused) next();
        }, next);
    },
    (req, res: BotResponse, next) => {
      const event = req.get('x-github-event') ?? '';
      const id = req.get('x-github-delivery') ?? '';
      if (!req.get(SIGNATURE_HEADER))
        return refuse(req, res, next, 'missing X-Hub-Signature-256', 'unsigned');
      if (!EVENT_NAME.test(event) || !DELIVERY_ID.test(id)) {
        return problem(res, 400, 'missing or malformed X-GitHub-Event or X-GitHub-Delivery', 'malformed');
      }
      res.locals.event = event;
      res.locals.delivery = id;
      const type = req.get('content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(type))
        return problem(res, 415, 'the body must be application/json', 'malformed');
      readBody(req, res, (error?: unknown) => {
        if (!error) return next();
        if (bodyProblem(error)?.status === 413)
          return problem(res, 413, `the body is over ${maxBodyBytes} bytes`, 'malformed');
        return problem(res, 400, 'the body could not be read', 'malformed');
      });
    },
    async (req, res: BotResponse, next) => {
      try {
        const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
        const signature = req.get(SIGNATURE_HEADER) ?? '';
        const valid = await deps.verify(raw, signature).catch(() => false);
        if (!valid) return refuse(req, res, next, 'the signature does not match the body', 'bad_signature');
        let payload: unknown;
        try {
          payload = JSON.parse(raw);
        } catch {
          return problem(res, 400, 'the body is not JSON', 'malformed');
        }
        if (!isJsonObject(payload)) {
          return problem(res, 400, 'the body must be a JSON object', 'malformed');
        }
        if (nestingDepth(payload, MAX_NESTING_DEPTH) > MAX_NESTING_DEPTH) {
          return problem(res, 400, `the body nests deeper than ${MAX_NESTING_DEPTH} levels`, 'malformed');
        }
        const delivery: Delivery = {
          id: String(res.locals.delivery),
          name: String(res.locals.event),
          payload,
        };
        if (seen.has(delivery.id)) {
          metrics.deliveries.inc({ event: delivery.name, outcome: 'duplicate' });
          res.json({ status: 'duplicate' });
          return;
        }
        if (queue.size >= maxQueued)
          return problem(res, 503, 'too many deliveries waiting; deliver again later', 'overloaded');
        seen.set(delivery.id, true);
        metrics.deliveries.inc({ event: delivery.name, outcome: 'accepted' });
        void queue.add(async () => {
          const started = process.hrtime.bigint();
          const outcome = await deps.bot.handle(delivery);
          // A delivery whose handling failed may be redelivered and tried again.
          if (outcome === 'failed') seen.delete(delivery.id);
          metrics.deliveries.inc({ event: delivery.name, outcome });
          metrics.deliverySeconds.observe(
            { event: delivery.name },
            Number(process.hrtime.bigint() - started) / 1e9,
          );
        });
        res.status(202).json({ status: 'accepted' });
      } catch (error) {
        next(error);
      }
    },
  );

  app.use((_req: Request, res: BotResponse) => problem(res, 404, 'not found'));
  app.use((error: unknown, _req: Request, res: BotResponse, _next: NextFunction) => {
    deps.logger.error('request failed', { request_id: res.locals.requestId, error: errorMessage(error) });
    if (!res.headersSent) problem(res, 500, 'internal error');
  });

  return Object.assign(app, {
    metrics,
    beginShutdown() {
      shuttingDown = true;
    },
    async drained() {
      await queue.onIdle();
    },
  });
}

/** Whether a parsed JSON value is an object (not null, not an array). */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
