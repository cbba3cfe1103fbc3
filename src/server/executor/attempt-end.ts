import { formatDuration } from '../../api/duration.js';
import type { TaskAttemptEnd } from '../runtime/tasks.js';
import { TaskFailure } from './failures.js';

/**
 * What an attempt's end means for its node: it succeeded (its outputs are in `outputsDir`, or in its
 * own folder's `io/` when absent), it failed with `failure` (a retry may follow), or the runtime let
 * go of it at shutdown (`detached`: nothing is recorded, the attempt goes on after a restart).
 */
export type AttemptVerdict =
  | { outcome: 'succeeded'; outputsDir?: string }
  | { outcome: 'failed'; failure: TaskFailure }
  | { outcome: 'detached' };

/**
 * Decodes how a runtime says an attempt ended ({@link TaskAttemptEnd}) into what it means for the
 * node: the one place the executor reads an end. `program` is the task's program (for a start
 * failure) and `timeoutMs` its timeout in milliseconds (for a timeout's message).
 */
export function decodeAttemptEnd(
  end: TaskAttemptEnd,
  task: { program: string; timeoutMs: number },
): AttemptVerdict {
  const failed = (failure: TaskFailure): AttemptVerdict => ({ outcome: 'failed', failure });
  const tail = (text: string) => (text ? `: ${text}` : '');
  switch (end.kind) {
    case 'detached':
      return { outcome: 'detached' };
    case 'notStarted':
      return failed(new TaskFailure('BadCommand', `cannot start "${task.program}": ${end.error}`));
    case 'oomKilled':
      return failed(
        new TaskFailure(
          'OOMKilled',
          `task was killed for going over its memory limit of ${formatBytes(end.memoryBytes)} ` +
            '(raise `limits.mem` in the workflow file)',
        ),
      );
    case 'killed':
      if (end.reason === 'timeout') {
        const after = formatDuration(task.timeoutMs / 1000);
        return failed(new TaskFailure('Timeout', `timed out after ${after}`, 'TIMED_OUT'));
      }
      return failed(
        new TaskFailure('NonZeroExit', `task was killed by ${end.signal}${tail(end.stderrTail)}`),
      );
    case 'lost':
      return failed(new TaskFailure('Lost', `task was lost: ${end.what}${tail(end.stderrTail)}`));
    case 'exited':
      if (end.code !== 0) {
        return failed(
          new TaskFailure('NonZeroExit', `task exited with code ${end.code}${tail(end.stderrTail)}`),
        );
      }
      return end.outputsDir ? { outcome: 'succeeded', outputsDir: end.outputsDir } : { outcome: 'succeeded' };
  }
}

/** Bytes as a short power-of-two size (`256Mi`, `1.5Gi`, `512Ki`, `100 bytes`). */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ['Gi', 2 ** 30],
    ['Mi', 2 ** 20],
    ['Ki', 2 ** 10],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(2))}${unit}`;
  }
  return `${bytes} bytes`;
}
