import { errorMessage } from '../api/guards.js';
import {
  AdminError,
  CancelledError,
  InvalidArgumentError,
  NotFoundError,
  PermissionError,
  ResourceExhaustedError,
  UnavailableError,
} from '../client/errors.js';
import { EntityNotFoundError } from '../client/not-found.js';
import type { Emit } from '../http-edge/log.js';
import { HttpProblem } from '../http-edge/problem.js';

/** Why a request's signal aborted: its deadline passed. */
export class RequestDeadlineError extends Error {}
/** Why a request's signal aborted: the caller closed the connection before the answer. */
export class ClientGoneError extends Error {}

/** 401 with `WWW-Authenticate: Bearer`: missing or wrong credentials. */
export const unauthorized = (): HttpProblem =>
  new HttpProblem(
    401,
    'unauthorized',
    'missing or invalid credentials',
    {},
    { 'WWW-Authenticate': 'Bearer' },
  );

/**
 * 404 of a launch plan version that does not exist (or of a name with no version at all); `message`
 * says which, as `explainNotFound` words it (the name not found with the closest existing ones, or the
 * version and the newest ones).
 */
export const noSuchLaunchPlan = (
  message = 'no launch plan with this project, domain, name and version',
): HttpProblem => new HttpProblem(404, 'not_found', message);

/** What turns failures into {@link HttpProblem}s. */
export interface ProblemPolicy {
  /** Receives a record for each failure worth telling the operator about. */
  emit: Emit;
  /** `Retry-After` of 503 answers, in seconds. */
  retryAfterSeconds: number;
  /** The request deadline in milliseconds, reported when it passes. */
  requestTimeoutMs: number;
}

/** 503 with `Retry-After`: the platform is unreachable or too slow; the caller may try again. */
export function unavailable(
  policy: Pick<ProblemPolicy, 'retryAfterSeconds'>,
  message = 'the platform is unavailable; try again later',
): HttpProblem {
  return new HttpProblem(
    503,
    'unavailable',
    message,
    {},
    { 'Retry-After': String(policy.retryAfterSeconds) },
  );
}

/**
 * The answer to any failure of a launch: an {@link HttpProblem} as it is; an admin call cancelled
 * by the request's signal answered for the signal's reason (503 at the deadline, 499 when the caller
 * left); admin errors by kind (503 unavailable, 422 refused inputs, 404, 502); anything else 500.
 * Admin failures and unexpected ones are logged through `policy.emit` (never a secret).
 */
export function problemFrom(error: unknown, policy: ProblemPolicy): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const { emit } = policy;
  // An admin call cancelled by the request's signal: answered for the signal's reason.
  const reason = error instanceof CancelledError ? error.cause : error;
  if (reason instanceof RequestDeadlineError) {
    emit('warn', 'launch deadline passed; admin calls cancelled', { deadline_ms: policy.requestTimeoutMs });
    return unavailable(policy, 'the platform did not answer in time; try again later');
  }
  if (reason instanceof ClientGoneError) {
    emit('info', 'the caller disconnected before the answer; admin calls cancelled', {});
    // Nobody reads it: the connection is gone.
    return new HttpProblem(499, 'client_closed_request', 'the caller closed the connection');
  }
  if (
    error instanceof UnavailableError ||
    error instanceof ResourceExhaustedError ||
    error instanceof CancelledError
  ) {
    emit('warn', 'admin service unavailable', { rpc: error.rpc, error: error.message });
    return unavailable(policy);
  }
  if (error instanceof InvalidArgumentError) {
    emit('warn', 'admin refused the launch', { rpc: error.rpc, error: error.message });
    return new HttpProblem(422, 'invalid_inputs', 'the platform refused the inputs for this launch plan');
  }
  if (error instanceof NotFoundError)
    return error instanceof EntityNotFoundError ? noSuchLaunchPlan(error.message) : noSuchLaunchPlan();
  if (error instanceof PermissionError) {
    emit('error', "admin refused the webhook's platform credentials", {
      rpc: error.rpc,
      error: error.message,
    });
    return new HttpProblem(502, 'upstream_refused', 'the platform refused the launch');
  }
  if (error instanceof AdminError) {
    emit('error', 'admin call failed', { rpc: error.rpc, error: error.message });
    return new HttpProblem(502, 'upstream_failed', 'the platform failed to launch the workflow');
  }
  emit('error', 'unexpected failure', { error: errorMessage(error) });
  return new HttpProblem(500, 'internal', 'internal error');
}

/**
 * True when `error` is an admin call cancelled by another request's signal (its deadline or its
 * caller's disconnection) while the request of `signal` is still running: a shared call it joined.
 */
export function cancelledForAnother(error: unknown, signal: AbortSignal | undefined): boolean {
  return (
    error instanceof CancelledError &&
    (error.cause instanceof RequestDeadlineError || error.cause instanceof ClientGoneError) &&
    signal?.aborted !== true
  );
}
