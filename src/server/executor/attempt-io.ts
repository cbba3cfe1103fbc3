import { parseExactJson, stringifyExactJson } from '../../api/exact-json.js';
import { LiteralValueError, literalMapFromJson, literalToJson } from '../../api/literals.js';
import type { LiteralOut, TaskTemplateOut } from '../../api/types.js';
import { cpuMillis, parseQuantity } from '../../config/quantity.js';
import type { AttemptIds } from '../runtime/tasks.js';
import { fullMessage } from '../services/messages.js';
import { AttemptFileError, readAttemptFile, readAttemptTail } from './attempt-files.js';
import { TaskFailure } from './failures.js';
import type { ExecutionRow } from './run-types.js';

// What goes into an attempt and comes out of it: its command line, limits and timeout from the
// task, its outputs and logs read back from its folder (through attempt-files.ts).

/** Default of {@link GraphExecutorOptions.maxOutputsBytes}: 10Mi, as `--runtime.outputs.maxSize`. */
export const DEFAULT_MAX_OUTPUTS_BYTES = 10 * 2 ** 20;

/** Largest log kept per stream and attempt in the blob store; longer logs keep their end. */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;
const INPUT_REFERENCE = /\{\{\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Blob key of one stream's log of one attempt. */
export function attemptLogKey(
  execution: { project: string; domain: string; name: string },
  nodeId: string,
  attempt: number,
  stream: 'stdout' | 'stderr',
): string {
  return `logs/${execution.project}/${execution.domain}/${execution.name}/${nodeId}/${attempt}/${stream}.log`;
}

/** A task's timeout in milliseconds; 0 for none. */
export function timeoutOf(task: TaskTemplateOut): number {
  const timeout = task.metadata?.timeout;
  return timeout ? Number(timeout.seconds) * 1000 + Math.floor((timeout.nanos ?? 0) / 1e6) : 0;
}

/** The task's command with each `{{.inputs.<name>}}` replaced by that input (JSON unless a string). */
export function commandLine(
  task: TaskTemplateOut,
  inputs: Record<string, LiteralOut>,
  inputJson: Record<string, unknown>,
): string[] {
  return (task.container?.command ?? []).map((arg) =>
    arg.replace(INPUT_REFERENCE, (whole, name: string) => {
      if (!(name in inputJson)) return whole;
      const value = literalToJson(inputs[name]);
      return typeof value === 'string' ? value : stringifyExactJson(value);
    }),
  );
}

/** Whether a parsed JSON value is an object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A file's end as stored: its bytes (a note of the cut, then the end, when it was longer than the
 * limit), the offset in the file where the kept end starts, and what moves a file offset there to
 * the stored bytes' offset (bytes).
 */
export interface StoredLog {
  bytes: Buffer;
  from: number;
  shift: number;
}

/**
 * The last `max` bytes of the log `name` of the attempt's folder `dir` (read as attempt-files.ts
 * reads), or undefined when it does not exist.
 * @throws AttemptFileError when it is not a regular file.
 */
export async function readTail(dir: string, name: string, max: number): Promise<StoredLog | undefined> {
  const tail = await readAttemptTail(dir, name, max, {
    label: name,
    expected: "an attempt's log must be a regular file written by the runtime",
  });
  if (!tail) return undefined;
  const { bytes, size } = tail;
  if (size <= max) return { bytes, from: 0, shift: 0 };
  const note = Buffer.from(`[... ${size - max} bytes cut ...]\n`);
  return { bytes: Buffer.concat([note, bytes]), from: size - max, shift: note.length - (size - max) };
}

/**
 * The bytes of the attempt's ORCH_OUTPUTS_FILE (`outputs.json` in `ioDir`), read only as a regular
 * file of at most `maxBytes` bytes (attempt-files.ts); undefined when the task wrote none.
 * @throws TaskFailure (USER, BadOutputs) naming what it is instead, or its size over the limit.
 */
export async function readOutputsFile(ioDir: string, maxBytes: number): Promise<Buffer | undefined> {
  try {
    return await readAttemptFile(ioDir, 'outputs.json', {
      label: 'ORCH_OUTPUTS_FILE',
      expected: 'outputs must be a regular file written by the task',
      maxBytes,
      limitFlag: '--runtime.outputs.maxSize',
    });
  } catch (error) {
    if (error instanceof AttemptFileError) throw new TaskFailure('BadOutputs', error.message);
    throw error;
  }
}

/**
 * The outputs a task wrote to its ORCH_OUTPUTS_FILE (`outputs.json` in `ioDir`, at most `maxBytes`
 * bytes), checked against its interface; none when it wrote no file and declares no outputs.
 * @throws TaskFailure (USER) when the file is missing, is not a regular file (a link, a FIFO, ...),
 *   is over `maxBytes`, is not a JSON object, or does not match.
 */
export async function readOutputs(
  ioDir: string,
  task: TaskTemplateOut,
  maxBytes: number,
): Promise<Record<string, LiteralOut>> {
  let raw: string;
  const bytes = await readOutputsFile(ioDir, maxBytes);
  if (bytes === undefined) {
    const expected = Object.keys(task.interface?.outputs?.variables ?? {});
    if (!expected.length) return {};
    throw new TaskFailure(
      'NoOutputs',
      `task wrote no outputs to ORCH_OUTPUTS_FILE (expected ${expected.join(', ')})`,
    );
  }
  raw = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = parseExactJson(raw);
  } catch {
    throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE does not hold valid JSON');
  }
  if (!isJsonObject(parsed)) {
    throw new TaskFailure('BadOutputs', 'ORCH_OUTPUTS_FILE must hold a JSON object of outputs');
  }
  try {
    const map = literalMapFromJson(parsed, task.interface?.outputs ?? {});
    return fullMessage('orch.core.v1.LiteralMap', map).literals;
  } catch (error) {
    if (error instanceof LiteralValueError)
      throw new TaskFailure('BadOutputs', `outputs do not match the interface: ${error.message}`);
    throw error;
  }
}

/** The ids a runtime labels an attempt with. */
export function attemptIds(execution: ExecutionRow, node: string, attempt: number): AttemptIds {
  return { project: execution.project, domain: execution.domain, execution: execution.name, node, attempt };
}

/** A task's `container.limits` in millicores and bytes (unset or unreadable: the runtime's default). */
export function taskLimits(task: TaskTemplateOut): { cpuMillis?: number; memoryBytes?: number } {
  const limits = task.container?.limits;
  const out: { cpuMillis?: number; memoryBytes?: number } = {};
  const cpu = limits?.cpu ? cpuMillis(limits.cpu) : undefined;
  if (cpu) out.cpuMillis = cpu;
  if (limits?.mem) {
    try {
      out.memoryBytes = parseQuantity(limits.mem);
    } catch {
      // Checked when the task was created; an unreadable value falls back to the default.
    }
  }
  return out;
}
