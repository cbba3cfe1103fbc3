import { errorMessage } from '../../api/guards.js';
/** The recorded error of an execution, node or attempt (`orch.core.v1.ExecutionError`), stored as JSON. */
export interface ErrorRecord {
  code: string;
  message: string;
  kind: 'USER' | 'SYSTEM';
}

/**
 * A task failure to record on the execution: a user-facing message, a short code, and whose fault it
 * is (USER: the task's code or data; SYSTEM: the platform, such as a missing code bundle). Thrown
 * inside the executor by a node that failed; it ends the execution FAILED or TIMED_OUT.
 */
export class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly phase: 'FAILED' | 'TIMED_OUT' = 'FAILED',
    readonly kind: 'USER' | 'SYSTEM' = 'USER',
  ) {
    super(message);
  }

  /** The record stored on the execution, node or attempt. */
  record(): ErrorRecord {
    return { code: this.code, message: this.message, kind: this.kind };
  }

  /** `error` itself when it is a TaskFailure, else a SYSTEM failure carrying its message. */
  static from(error: unknown): TaskFailure {
    if (error instanceof TaskFailure) return error;
    return new TaskFailure('SystemError', errorMessage(error), 'FAILED', 'SYSTEM');
  }

  /**
   * The failure a FAILED or TIMED_OUT node row recorded (`error`: its stored {@link ErrorRecord}
   * JSON, or null), so that a run resumed after a restart ends with it.
   * @throws SyntaxError when `error` is not JSON.
   */
  static recorded(nodeId: string, phase: 'FAILED' | 'TIMED_OUT', error: string | null): TaskFailure {
    const record = error ? parseErrorRecord(error) : {};
    return new TaskFailure(
      record.code ?? 'NodeFailed',
      record.message ?? `node ${nodeId} failed`,
      phase,
      record.kind ?? 'USER',
    );
  }
}

/** Thrown inside a run when the executor is closing: the execution stays unfinished and resumes later. */
export class Interrupted extends Error {}

/**
 * Thrown inside a run when a fenced write found the execution's lease taken over by another replica:
 * the run stops as on shutdown, writing nothing more (the taker's records stay).
 */
export class LeaseLost extends Interrupted {}

/** Thrown inside a run when the execution was terminated: it ends ABORTED. */
export class Aborted extends Error {}

/** The error recorded on a terminated execution, node or attempt. */
export function abortRecord(cause: string): ErrorRecord {
  return { code: 'Aborted', message: cause, kind: 'USER' };
}

/**
 * The fields of a stored {@link ErrorRecord} (a database column) that have the right type; the
 * others are left out.
 * @throws SyntaxError when `text` is not JSON.
 */
export function parseErrorRecord(text: string): Partial<ErrorRecord> {
  const stored: unknown = JSON.parse(text);
  if (typeof stored !== 'object' || stored === null) return {};
  const record: Partial<ErrorRecord> = {};
  if ('code' in stored && typeof stored.code === 'string') record.code = stored.code;
  if ('message' in stored && typeof stored.message === 'string') record.message = stored.message;
  if ('kind' in stored && (stored.kind === 'USER' || stored.kind === 'SYSTEM')) record.kind = stored.kind;
  return record;
}
