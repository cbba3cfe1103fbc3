import { LRUCache } from 'lru-cache';
import pRetry from 'p-retry';
import { parseExactJson } from '../api/exact-json.js';
import { MAX_NESTING_DEPTH, nestingDepth } from '../api/limits.js';
import { LiteralValueError, literalMapToJson } from '../api/literals.js';
import type { LaunchPlanOut, LiteralMap } from '../api/types.js';
import { type AdminCallOptions, type AdminClient, untilAborted } from '../client/admin-client.js';
import { AlreadyExistsError, InvalidArgumentError, NotFoundError } from '../client/errors.js';
import { explainNotFound, type NameLister } from '../client/not-found.js';
import type { Emit } from '../http-edge/log.js';
import { HttpProblem } from '../http-edge/problem.js';
import { inSpan } from '../telemetry/tracing.js';
import {
  executionNameForKey,
  type LaunchPlanKey,
  launchFingerprint,
  validIdempotencyKey,
} from './idempotency.js';
import {
  effectiveInputs,
  inputsFromBody,
  type LaunchInterface,
  LaunchPlanCache,
  launchInterfaceOf,
} from './launch-plans.js';
import type { WebhookMetrics } from './metrics.js';
import {
  cancelledForAnother,
  noSuchLaunchPlan,
  type ProblemPolicy,
  problemFrom,
  unavailable,
} from './problems.js';

/** Deepest nesting of arrays and objects accepted in a body. */
export const MAX_BODY_DEPTH = MAX_NESTING_DEPTH;

/** The admin client calls a launch makes (a real {@link AdminClient} in production and tests). */
export type LauncherClient = Pick<
  AdminClient,
  | 'getLaunchPlan'
  | 'getActiveLaunchPlan'
  | 'listLaunchPlans'
  | 'createExecution'
  | 'getExecution'
  | 'getExecutionData'
  | 'consoleUrl'
> &
  NameLister;

/** One launch: which launch plan version, with which inputs, under which idempotency key. */
export interface LaunchRequest {
  project: string;
  domain: string;
  /** Name of the launch plan (the route's `workflow_name`). */
  name: string;
  /**
   * The launch plan version; empty or absent launches the active version of the name, else its
   * newest (by creation time), resolved on every request.
   */
  version?: string | undefined;
  /**
   * The inputs as JSON text (UTF-8, a leading byte order mark allowed): an object of input name to
   * value, nesting at most {@link MAX_BODY_DEPTH} levels; empty or blank means `{}`.
   */
  inputs: string | Buffer;
  /** The caller's `Idempotency-Key`: 1 to 255 printable ASCII characters without outer spaces. */
  idempotencyKey?: string | undefined;
  /**
   * Deadline and signal of every admin call of the launch. When the signal aborts the launch
   * rejects at once (see {@link Launcher.launch}) and its admin calls are cancelled.
   */
  call: AdminCallOptions;
}

/** What a launch answers. */
export interface Launched {
  /** The execution's console URL. */
  url: string;
  execution: { project: string; domain: string; name: string };
  /** The launch plan version launched; set only when the request named none (and it was resolved). */
  version?: string;
  /**
   * With an idempotency key: true when the answer replays an earlier launch with that key (made
   * here or, found through the admin, by another replica). Absent without a key.
   */
  replayed?: boolean;
}

/** What {@link Launcher} needs besides the client. */
export interface LauncherOptions {
  /** Most launch plan versions (and idempotency results) kept in memory. @default 1000 */
  cacheMaxItems?: number;
  /** `Retry-After` of 503 problems, in seconds. @default 5 */
  retryAfterSeconds?: number;
  /** The request deadline in milliseconds, reported in the log when it passes. @default 10000 */
  requestTimeoutMs?: number;
  /** Receives a record per failure worth telling the operator about. @default none */
  emit?: Emit;
  /** Where launches are counted and timed (`launches`, `launchSeconds`). @default none */
  metrics?: Pick<WebhookMetrics, 'launches' | 'launchSeconds'>;
}

/** What a launch answered, kept for idempotent replays. */
interface LaunchResult {
  fingerprint: string;
  execution: { project: string; domain: string; name: string };
  url: string;
  /** True when the admin already had the execution (an earlier delivery, maybe on another replica). */
  existing: boolean;
}

/** The launch metrics' outcome of a problem's status. */
const OUTCOMES: Readonly<Record<number, string>> = {
  409: 'conflict',
  422: 'invalid',
  404: 'not_found',
  503: 'unavailable',
  499: 'cancelled',
};

/** Attempts at reading the execution an idempotency key named before answering 503. */
const EXISTING_READ_ATTEMPTS = 5;

/**
 * Launches launch plan versions through the admin (spec, "Webhook app endpoint"), without HTTP:
 * resolves the launch plan version (cached), checks the inputs against its interface, applies the
 * idempotency key and creates the execution. One instance serves every request of an app; it keeps
 * the launch plan cache and the idempotency results (at most `cacheMaxItems` of each).
 */
export class Launcher {
  private readonly plans: LaunchPlanCache;
  /** Results of launches with an idempotency key, by project, domain and execution name. */
  private readonly finished: LRUCache<string, LaunchResult> | undefined;
  /** Launches with an idempotency key still running, by the same slot. */
  private readonly inFlight = new Map<string, Promise<LaunchResult>>();
  private readonly policy: ProblemPolicy;

  constructor(
    private readonly client: LauncherClient,
    private readonly options: LauncherOptions = {},
  ) {
    const capacity = options.cacheMaxItems ?? 1000;
    this.plans = new LaunchPlanCache(client, capacity);
    this.finished = capacity > 0 ? new LRUCache({ max: capacity }) : undefined;
    this.policy = {
      emit: options.emit ?? (() => {}),
      retryAfterSeconds: options.retryAfterSeconds ?? 5,
      requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    };
  }

  /**
   * Launches `request`'s launch plan version with its inputs; without a version, the active version of
   * the launch plan, else its newest (the answer's `version` names it). With an idempotency key the execution
   * is named after the key, so every delivery of the same request (on any replica) answers the same
   * execution; the same key with another launch plan version or other effective inputs is refused.
   * Rejects as soon as `request.call.signal` aborts, even when a step it waits on does not.
   * @throws HttpProblem, and nothing else: 400 (`malformed_json`, `not_an_object`, `too_deep`,
   *   `bad_idempotency_key`), 404 no such launch plan version (without a version: no version of
   *   that name at all), 409 an idempotency key reused with
   *   another request, 422 inputs that do not fit (every problem in `extra.problems`) or that the
   *   admin refused, 499 the signal aborted with `ClientGoneError`, 502 the admin refused otherwise,
   *   503 (`Retry-After`) the admin is unreachable or the signal aborted with `RequestDeadlineError`,
   *   500 anything unexpected.
   */
  async launch(request: LaunchRequest): Promise<Launched> {
    const body = parseInputs(request.inputs);
    const { idempotencyKey, call } = request;
    if (idempotencyKey !== undefined && !validIdempotencyKey(idempotencyKey)) {
      throw new HttpProblem(
        400,
        'bad_idempotency_key',
        'Idempotency-Key must be 1 to 255 printable ASCII characters',
      );
    }
    const id: LaunchPlanKey = {
      project: request.project,
      domain: request.domain,
      name: request.name,
      version: request.version ?? '',
    };
    const started = process.hrtime.bigint();
    let outcome = 'failed';
    try {
      // The admin calls are cancelled when the signal aborts; the waits on what another request
      // started (a shared lookup, a launch with the same key) are cut short by `untilAborted`.
      const attributes = () => ({
        'orch.project': id.project,
        'orch.domain': id.domain,
        'orch.launch_plan.name': id.name,
        'orch.launch_plan.version': id.version,
      });
      const launched = await inSpan('webhook.launch', { attributes }, async (span) => {
        const result = await this.launchResolved(id, body, idempotencyKey, call);
        span.setAttribute('orch.execution.name', result.execution.name);
        span.setAttribute('orch.replayed', result.replayed === true);
        if (result.version !== undefined) span.setAttribute('orch.launch_plan.version', result.version);
        return result;
      });
      outcome = launched.replayed ? 'replayed' : 'created';
      return launched;
    } catch (error) {
      const problem = problemFrom(error, this.policy);
      outcome = OUTCOMES[problem.status] ?? 'failed';
      throw problem;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.options.metrics?.launchSeconds.observe({ outcome }, seconds);
      this.options.metrics?.launches.inc({ outcome });
    }
  }

  /** Resolves the version to launch when `id` names none, then launches it ({@link launchOnce}). */
  private async launchResolved(
    id: LaunchPlanKey,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    call: AdminCallOptions,
  ): Promise<Launched> {
    if (id.version) return this.launchOnce(id, body, idempotencyKey, call);
    // Without a version: the one to launch now (never cached: activating another changes it).
    const resolved = await this.currentVersion(id, call);
    const result = await this.launchOnce(resolved.id, body, idempotencyKey, call, resolved);
    return { ...result, version: resolved.id.version };
  }

  /**
   * Checks the inputs and launches, once per idempotency key.
   * @param known the interface of `id` when the caller already fetched it (a resolved version).
   */
  private async launchOnce(
    id: LaunchPlanKey,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    call: AdminCallOptions,
    known?: LaunchInterface,
  ): Promise<Launched> {
    const plan = known ?? this.plans.peek(id) ?? (await this.launchPlan(id, call));
    const inputs = inputsOf(plan, body);
    if (idempotencyKey === undefined) {
      // Cancelled with the request: a retry without a key must not find a second launch running.
      const execution = await this.client.createExecution(
        { project: id.project, domain: id.domain, spec: { launch_plan: launchPlanOf(id) }, inputs },
        call,
      );
      const { project, domain, name } = execution;
      return { execution: { project, domain, name }, url: await this.client.consoleUrl(execution, call) };
    }
    const fingerprint = launchFingerprint(id, effectiveInputs(plan, inputs));
    const name = executionNameForKey(idempotencyKey);
    const slot = JSON.stringify([id.project, id.domain, name]);
    const check = (result: LaunchResult, replayed: boolean): Launched => {
      if (result.fingerprint !== fingerprint) {
        throw new HttpProblem(
          409,
          'idempotency_conflict',
          'this Idempotency-Key was already used with a different launch plan or different inputs',
        );
      }
      return { url: result.url, execution: result.execution, replayed };
    };
    for (;;) {
      const known = this.finished?.get(slot);
      if (known) return check(known, true);
      const running = this.inFlight.get(slot);
      if (!running) break;
      try {
        return check(await untilAborted(running, call.signal), true);
      } catch (error) {
        // The request that started it went away or ran out of time: this one, still waiting, tries itself.
        if (!cancelledForAnother(error, call.signal)) throw error;
        if (this.inFlight.get(slot) === running) this.inFlight.delete(slot);
      }
    }
    const attempt = this.createNamed(
      id,
      { project: id.project, domain: id.domain, name },
      inputs,
      fingerprint,
      call,
    );
    this.inFlight.set(slot, attempt);
    try {
      const result = await attempt;
      this.finished?.set(slot, result);
      return check(result, result.existing);
    } finally {
      if (this.inFlight.get(slot) === attempt) this.inFlight.delete(slot);
    }
  }

  /**
   * The interface of the launch plan version `id`.
   * @throws HttpProblem 404 when the admin knows no such version (or finds the identifier malformed).
   */
  private async launchPlan(id: LaunchPlanKey, call: AdminCallOptions): Promise<LaunchInterface> {
    for (;;) {
      try {
        return await untilAborted(this.plans.get(id, call), call.signal);
      } catch (error) {
        // The lookup this one joined was another request's, and that request went away: look again.
        if (cancelledForAnother(error, call.signal)) continue;
        // A malformed identifier (an unknown domain, say) names no launch plan either.
        if (!(error instanceof NotFoundError || error instanceof InvalidArgumentError)) throw error;
        const explained = await explainNotFound(
          this.client,
          { kind: 'launch plan', ...id },
          { cause: error, call },
        );
        throw noSuchLaunchPlan(explained.message);
      }
    }
  }

  /**
   * The version of launch plan `id.name` to launch when the request names none: the active version,
   * else the newest by creation time (as `orch run` without `--version` chooses). Asked of the admin on
   * every request, since activating another version changes the answer.
   * @throws HttpProblem 404 when the name has no version (or the admin finds the identifier malformed).
   */
  private async currentVersion(id: LaunchPlanKey, call: AdminCallOptions): Promise<LaunchInterface> {
    const named = { project: id.project, domain: id.domain, name: id.name };
    let launchPlan: LaunchPlanOut | undefined;
    try {
      try {
        launchPlan = await this.client.getActiveLaunchPlan(named, call);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        const newest = await this.client.listLaunchPlans(
          { id: named, limit: 1, sort_by: { key: 'created_at', direction: 'DESCENDING' } },
          call,
        );
        launchPlan = newest.launch_plans[0];
      }
    } catch (error) {
      // A malformed identifier (an unknown domain, say) names no launch plan either.
      if (error instanceof NotFoundError || error instanceof InvalidArgumentError)
        throw await this.noVersion(named, call, error);
      throw error;
    }
    const version = launchPlan?.id?.version;
    if (!launchPlan || !version) throw await this.noVersion(named, call);
    return launchInterfaceOf({ ...id, version }, launchPlan);
  }

  /** The 404 of a launch plan name with no version, naming the closest names (`explainNotFound`). */
  private async noVersion(
    named: { project: string; domain: string; name: string },
    call: AdminCallOptions,
    cause?: unknown,
  ): Promise<HttpProblem> {
    const explained = await explainNotFound(this.client, { kind: 'launch plan', ...named }, { cause, call });
    return noSuchLaunchPlan(explained.message);
  }

  /**
   * Creates the execution `executionId` (named after an idempotency key), or, when the admin already
   * has it, reads what it launched: its fingerprint tells whether it is the same launch.
   */
  private async createNamed(
    id: LaunchPlanKey,
    executionId: { project: string; domain: string; name: string },
    inputs: LiteralMap,
    fingerprint: string,
    call: AdminCallOptions,
  ): Promise<LaunchResult> {
    try {
      await this.client.createExecution(
        { ...executionId, spec: { launch_plan: launchPlanOf(id) }, inputs },
        call,
      );
      return {
        fingerprint,
        execution: executionId,
        url: await this.client.consoleUrl(executionId, call),
        existing: false,
      };
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw error;
    }
    const [existing, data] = await this.readExisting(executionId, call);
    const lp = existing.spec?.launch_plan;
    const existingFingerprint = launchFingerprint(
      {
        project: lp?.project ?? '',
        domain: lp?.domain ?? '',
        name: lp?.name ?? '',
        version: lp?.version ?? '',
      },
      literalMapToJson(data.full_inputs),
    );
    return {
      fingerprint: existingFingerprint,
      execution: executionId,
      url: await this.client.consoleUrl(executionId, call),
      existing: true,
    };
  }

  /**
   * The execution an idempotency key already named, and its inputs. Large inputs are stored just
   * after the execution's row, so a delivery racing the first one may briefly find them missing: it
   * asks again a few times (backing off 50 ms, doubling, at most 200 ms) before answering 503.
   */
  private async readExisting(
    executionId: { project: string; domain: string; name: string },
    call: AdminCallOptions,
  ) {
    try {
      return await pRetry(
        () =>
          Promise.all([
            this.client.getExecution(executionId, call),
            this.client.getExecutionData(executionId, call),
          ]),
        {
          retries: EXISTING_READ_ATTEMPTS - 1,
          minTimeout: 50,
          factor: 2,
          maxTimeout: 200,
          signal: call.signal,
          shouldRetry: ({ error }) => error instanceof NotFoundError,
        },
      );
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      throw unavailable(this.policy, 'the earlier launch with this Idempotency-Key is not readable yet');
    }
  }
}

/** The launch plan reference of an execution spec. */
const launchPlanOf = (id: LaunchPlanKey) => ({ resource_type: 'LAUNCH_PLAN' as const, ...id });

/**
 * The launch's inputs from the body's values.
 * @throws HttpProblem 422 listing every problem (unknown, missing, mistyped inputs) at once.
 */
function inputsOf(plan: LaunchInterface, body: Record<string, unknown>): LiteralMap {
  try {
    return inputsFromBody(plan, body);
  } catch (error) {
    if (error instanceof LiteralValueError) {
      throw new HttpProblem(422, 'invalid_inputs', 'the inputs do not fit the launch plan', {
        problems: error.problems.map((p) => ({ path: p.path, message: p.message })),
      });
    }
    throw error;
  }
}

/** True for a JSON object (not null, not an array). */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The inputs of a request body: a JSON object (an empty or blank body is `{}`). Integers beyond
 * ±2^53 are read exactly, as bigints, so that every 64-bit integer input keeps its digits.
 * @throws HttpProblem 400 `malformed_json`, `not_an_object` or `too_deep` otherwise.
 */
export function parseInputs(raw: string | Buffer): Record<string, unknown> {
  let text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = parseExactJson(text);
  } catch {
    throw new HttpProblem(400, 'malformed_json', 'the body is not valid JSON');
  }
  if (!isJsonObject(value)) {
    throw new HttpProblem(400, 'not_an_object', 'the body must be a JSON object of workflow inputs');
  }
  if (nestingDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw new HttpProblem(400, 'too_deep', `the body nests deeper than ${MAX_BODY_DEPTH} levels`);
  }
  return value;
}
