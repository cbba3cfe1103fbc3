import type { ExecutionPhase } from '../../api/types.js';

/** Phases of a node execution (`orch.core.v1.NodeExecution.Phase`) the executor uses. */
export type NodePhase =
  | 'UNDEFINED'
  | 'QUEUED'
  | 'RUNNING'
  | 'SUCCEEDED'
  | 'FAILING'
  | 'FAILED'
  | 'ABORTED'
  | 'SKIPPED'
  | 'TIMED_OUT';

/**
 * The legal moves of an execution's phase (DESIGN.md, "Semantics"; the established admin service's
 * `core/execution.proto` phases): created QUEUED (or UNDEFINED), RUNNING once started, then through
 * SUCCEEDING (outputs being stored) to SUCCEEDED, through FAILING (nodes in flight finishing) to
 * FAILED, through ABORTING (processes being killed) to ABORTED, or straight to TIMED_OUT. A queued
 * execution may be aborted at once. Terminal phases (SUCCEEDED, FAILED, ABORTED, TIMED_OUT) have no
 * way out.
 */
export const EXECUTION_TRANSITIONS: Readonly<Record<ExecutionPhase, readonly ExecutionPhase[]>> = {
  UNDEFINED: ['QUEUED', 'RUNNING', 'FAILED', 'ABORTING', 'ABORTED'],
  QUEUED: ['RUNNING', 'FAILED', 'ABORTING', 'ABORTED'],
  RUNNING: ['SUCCEEDING', 'FAILING', 'ABORTING', 'TIMED_OUT', 'FAILED'],
  SUCCEEDING: ['SUCCEEDED', 'FAILING', 'FAILED', 'ABORTING'],
  FAILING: ['FAILED', 'TIMED_OUT', 'ABORTING'],
  ABORTING: ['ABORTED'],
  SUCCEEDED: [],
  FAILED: [],
  ABORTED: [],
  TIMED_OUT: [],
};

/**
 * The legal moves of a node's phase: QUEUED → RUNNING → SUCCEEDED, FAILED, TIMED_OUT or ABORTED;
 * RUNNING → RUNNING is a retry (a new attempt) or a re-run after a restart; a node that never
 * started may be SKIPPED or ABORTED.
 */
export const NODE_TRANSITIONS: Readonly<Record<NodePhase, readonly NodePhase[]>> = {
  UNDEFINED: ['QUEUED', 'RUNNING', 'SKIPPED', 'ABORTED'],
  QUEUED: ['RUNNING', 'SKIPPED', 'ABORTED', 'FAILED'],
  RUNNING: ['RUNNING', 'SUCCEEDED', 'FAILING', 'FAILED', 'TIMED_OUT', 'ABORTED'],
  FAILING: ['FAILED', 'TIMED_OUT', 'ABORTED'],
  SUCCEEDED: [],
  FAILED: [],
  ABORTED: [],
  SKIPPED: [],
  TIMED_OUT: [],
};

/** Thrown by {@link checkTransition} for a move the phase tables do not allow: a bug in the caller. */
export class IllegalTransitionError extends Error {
  constructor(
    readonly subject: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`illegal phase transition of ${subject}: ${from} -> ${to}`);
    this.name = 'IllegalTransitionError';
  }
}

/** Whether `phase` (a phase as stored in a database row) is one of {@link ExecutionPhase}. */
export function isExecutionPhase(phase: string): phase is ExecutionPhase {
  return Object.hasOwn(EXECUTION_TRANSITIONS, phase);
}

/** Whether `phase` (a phase as stored in a database row) is one of {@link NodePhase}. */
export function isNodePhase(phase: string): phase is NodePhase {
  return Object.hasOwn(NODE_TRANSITIONS, phase);
}

/** Thrown for a phase read from the database that the executor does not know: a corrupt row. */
export class UnknownPhaseError extends Error {
  constructor(
    readonly subject: string,
    readonly phase: string,
  ) {
    super(`${subject} has an unknown phase "${phase}"`);
    this.name = 'UnknownPhaseError';
  }
}

/**
 * An execution's phase as read from its database row, checked.
 * @throws UnknownPhaseError when it is not one of {@link ExecutionPhase}.
 */
export function executionPhaseOf(phase: string, subject = 'execution'): ExecutionPhase {
  if (!isExecutionPhase(phase)) throw new UnknownPhaseError(subject, phase);
  return phase;
}

/**
 * A node's phase as read from its database row, checked.
 * @throws UnknownPhaseError when it is not one of {@link NodePhase}.
 */
export function nodePhaseOf(phase: string, subject = 'node'): NodePhase {
  if (!isNodePhase(phase)) throw new UnknownPhaseError(subject, phase);
  return phase;
}

/**
 * The one place phase changes are checked: returns when `from → to` is legal for an execution
 * (`kind` 'execution') or a node ('node').
 * @throws IllegalTransitionError otherwise (also for unknown phase names).
 */
export function checkTransition(
  kind: 'execution' | 'node',
  from: string,
  to: string,
  subject: string = kind,
): void {
  let allowed: readonly string[] | undefined;
  if (kind === 'execution') allowed = isExecutionPhase(from) ? EXECUTION_TRANSITIONS[from] : undefined;
  else allowed = isNodePhase(from) ? NODE_TRANSITIONS[from] : undefined;
  if (!allowed?.includes(to)) throw new IllegalTransitionError(subject, from, to);
}
