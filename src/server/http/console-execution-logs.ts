import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { Request, Response, Router } from 'express';
import type { Selectable } from 'kysely';
import { isTerminalPhase } from '../../api/types.js';
import type { OwnNames } from '../auth/own-names.js';
import type { Repository } from '../db/repository.js';
import type { ExecutionTable, TaskAttemptTable } from '../db/schema.js';
import type { Logger } from '../logger.js';
import {
  attemptTimesKey,
  type LineTime,
  parseLineTimes,
  type TimedText,
  timedPieces,
} from '../runtime/log-times.js';
import type { BlobStore } from '../storage/blob-store.js';
import { sameSiteOr403 } from './console-actions.js';

// A node's logs on the console: every attempt's stdout and stderr, read from the blob store once
// the attempt ended (the executor stores them there) and from the attempt's folder under the work
// folder while it runs; whole as text/plain (the download), their ends inline on the execution page,
// and followed live as Server-Sent Events.

/** What reading logs needs: the database, the blob store and the executor's work folder. */
export interface LogSources {
  repo: Repository;
  blobs: BlobStore;
  /** The executor's work folder (`<dataDir>/work`), where a running attempt writes its logs. */
  workDir: string;
}

/** The two streams of an attempt's log. */
export const STREAMS = ['stdout', 'stderr'] as const;
type Stream = (typeof STREAMS)[number];
type Attempt = Selectable<TaskAttemptTable>;

/** Node ids the work folder may be read for (the executor's own node ids are of this form). */
const SAFE_NODE_ID = /^[A-Za-z0-9_-]+$/;

/** The file a running attempt writes `stream` to; undefined for a node id that is not a safe name. */
function runningLogFile(sources: LogSources, executionId: number, attempt: Attempt, stream: Stream) {
  if (!SAFE_NODE_ID.test(attempt.node_id)) return undefined;
  return join(
    sources.workDir,
    String(executionId),
    attempt.node_id,
    String(attempt.attempt),
    `${stream}.log`,
  );
}

/**
 * When each line of one stream of an attempt's log was written (log-times.ts): the stored index
 * once the attempt ended, else the running attempt's; empty for a log without one (an attempt
 * that ran before lines were timed) or one that cannot be read.
 */
export async function attemptTimes(
  sources: LogSources,
  executionId: number,
  attempt: Attempt,
  stream: Stream,
): Promise<LineTime[]> {
  const key = attempt[`${stream}_key`];
  let bytes: Buffer = Buffer.alloc(0);
  if (key) bytes = await sources.blobs.get(attemptTimesKey(key)).catch(() => Buffer.alloc(0));
  else if (attempt.ended_at === null) {
    const file = runningLogFile(sources, executionId, attempt, stream);
    if (file) bytes = await readFile(file.replace(/\.log$/, '.times')).catch(() => Buffer.alloc(0));
  }
  return parseLineTimes(bytes.toString('latin1'));
}

/**
 * One stream of an attempt's log as bytes: the stored blob once the attempt ended, else what the
 * running attempt wrote so far ('' when nothing yet, or when it cannot be read).
 */
export async function attemptLog(
  sources: LogSources,
  executionId: number,
  attempt: Attempt,
  stream: Stream,
): Promise<Buffer> {
  const key = attempt[`${stream}_key`];
  if (key) return sources.blobs.get(key);
  const file = attempt.ended_at === null ? runningLogFile(sources, executionId, attempt, stream) : undefined;
  return file ? readFile(file).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
}

/**
 * A node's log as text: every attempt's stdout and stderr under a `=== attempt N stream (PHASE) ===`
 * heading; with `timestamps`, each line that has a recorded time starts with it (RFC 3339 UTC, ms,
 * then a space). Undefined when there is no such execution or the node has not run.
 */
export async function nodeLogText(
  sources: LogSources,
  id: { project: string; domain: string; name: string },
  nodeId: string,
  timestamps = false,
): Promise<string | undefined> {
  const row = await sources.repo.getExecution(id);
  const attempts = row ? await sources.repo.listTaskAttempts(row.id, nodeId) : [];
  if (!row || !attempts.length) return undefined;
  const parts: string[] = [];
  for (const attempt of attempts) {
    for (const stream of STREAMS) {
      const bytes = await attemptLog(sources, row.id, attempt, stream);
      const text = timestamps
        ? timedPieces(bytes, await attemptTimes(sources, row.id, attempt, stream))
            .map((p) => (p.at === undefined ? p.text : `${new Date(p.at).toISOString()} ${p.text}`))
            .join('')
        : bytes.toString('utf8');
      parts.push(
        `=== attempt ${attempt.attempt} ${stream} (${attempt.phase}) ===\n${text}${text.endsWith('\n') || !text ? '' : '\n'}`,
      );
    }
  }
  return parts.join('');
}

/** The end of a log shown inline: at most this many bytes of each stream (the download has it all). */
export const INLINE_LOG_BYTES = 16 * 1024;

/** One attempt's log as the execution page shows it inline. */
export interface AttemptLogView {
  attempt: number;
  phase: string;
  /** The attempt's start, milliseconds since the epoch. */
  startedAt: number;
  endedAt: number | null;
  stdout: string;
  stderr: string;
  /** The shown ends of stdout and stderr in pieces, each line start with its time when recorded. */
  stdoutLines: TimedText[];
  stderrLines: TimedText[];
  /** Whether either stream was longer than {@link INLINE_LOG_BYTES} (only its end is shown). */
  cut: boolean;
}

/**
 * The end of `bytes`: at most `max` bytes, from a line start when one is near; `base` is where it
 * starts in `bytes`.
 */
export function tailOf(bytes: Buffer, max: number): { bytes: Buffer; base: number; cut: boolean } {
  if (bytes.length <= max) return { bytes, base: 0, cut: false };
  let base = bytes.length - max;
  // Past a partial UTF-8 character at the cut.
  while (base < bytes.length && ((bytes[base] ?? 0) & 0xc0) === 0x80) base++;
  const newline = bytes.indexOf(10, base);
  if (newline >= 0 && newline - base < 1024) base = newline + 1;
  return { bytes: bytes.subarray(base), base, cut: true };
}

/** A stream's shown end: its text, its pieces with line times, and whether it was cut. */
async function shownEnd(sources: LogSources, executionId: number, attempt: Attempt, stream: Stream) {
  const [bytes, times] = await Promise.all([
    attemptLog(sources, executionId, attempt, stream).catch(() => Buffer.alloc(0)),
    attemptTimes(sources, executionId, attempt, stream).catch(() => []),
  ]);
  const tail = tailOf(bytes, INLINE_LOG_BYTES);
  return {
    text: tail.bytes.toString('utf8'),
    lines: timedPieces(tail.bytes, times, tail.base),
    cut: tail.cut,
  };
}

/**
 * Every attempt's log of an execution, by node id, each stream cut to its last
 * {@link INLINE_LOG_BYTES} (one query for the attempts, then one read per stream).
 */
export async function inlineLogs(
  sources: LogSources,
  execution: Selectable<ExecutionTable>,
): Promise<Map<string, AttemptLogView[]>> {
  const attempts = await sources.repo.listTaskAttempts(execution.id);
  const logs = new Map<string, AttemptLogView[]>();
  await Promise.all(
    attempts.map(async (a) => {
      const [out, err] = await Promise.all(STREAMS.map((s) => shownEnd(sources, execution.id, a, s)));
      const view: AttemptLogView = {
        attempt: a.attempt,
        phase: a.phase,
        startedAt: a.started_at,
        endedAt: a.ended_at,
        stdout: out?.text ?? '',
        stderr: err?.text ?? '',
        stdoutLines: out?.lines ?? [],
        stderrLines: err?.lines ?? [],
        cut: Boolean(out?.cut || err?.cut),
      };
      const list = logs.get(a.node_id) ?? [];
      list.push(view);
      logs.set(a.node_id, list);
    }),
  );
  for (const list of logs.values()) list.sort((x, y) => x.attempt - y.attempt);
  return logs;
}

/** What following a log needs, beside its sources. */
export interface FollowDeps extends LogSources {
  logger: Logger;
  ownNames?: OwnNames;
  /** Milliseconds between two looks at the log and the attempt rows. @default 250 */
  pollMs?: number;
}

/** The follow stream's path pattern (under the execution's console path). */
export const FOLLOW_ROUTE =
  '/console/projects/:project/domains/:domain/executions/:name/nodes/:node/log/follow';

/** The phases after which a node runs no more attempts. */
const NODE_DONE: ReadonlySet<string> = new Set(['SUCCEEDED', 'FAILED', 'ABORTED', 'SKIPPED', 'TIMED_OUT']);

/**
 * How far each attempt's stream was sent (log bytes), and how (from the running file or the stored
 * blob); how far its running line-time index was read, and the times read not yet used.
 */
type Sent = {
  bytes: number;
  decoder: StringDecoder;
  stored: boolean;
  timesRead: number;
  timesRest: string;
  times: LineTime[];
};

/** What one look at a stream sends: its new text, where lines start in it (UTF-16 index) and when. */
interface Chunk {
  text: string;
  stamps: { index: number; at: number }[];
  reset: boolean;
}

/**
 * `bytes` (starting at log offset `base`) decoded through `decoder`, with the text index of each
 * line start `times` knows in it.
 */
function decodeTimed(bytes: Buffer, base: number, times: readonly LineTime[], decoder: StringDecoder) {
  let text = '';
  let from = 0;
  const stamps: Chunk['stamps'] = [];
  for (const t of times) {
    const cut = t.offset - base;
    if (cut < from || cut >= bytes.length) continue;
    text += decoder.write(bytes.subarray(from, cut));
    stamps.push({ index: text.length, at: t.at });
    from = cut;
  }
  return { text: text + decoder.write(bytes.subarray(from)), stamps };
}

/** What the running attempt's line-time index gained since the last look (into `state.times`). */
async function readNewTimes(file: string, state: Sent): Promise<void> {
  const handle = await open(file.replace(/\.log$/, '.times'), 'r').catch(() => undefined);
  if (!handle) return;
  try {
    const { size } = await handle.stat();
    if (size <= state.timesRead) return;
    const chunk = Buffer.alloc(Math.min(size - state.timesRead, 1024 * 1024));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, state.timesRead);
    state.timesRead += bytesRead;
    const text = state.timesRest + chunk.subarray(0, bytesRead).toString('latin1');
    const last = text.lastIndexOf('\n');
    state.timesRest = text.slice(last + 1);
    state.times.push(...parseLineTimes(text.slice(0, last + 1)));
  } finally {
    await handle.close();
  }
}

/** What one stream of an attempt gained since the last look; undefined when nothing. */
async function nextChunk(
  deps: FollowDeps,
  executionId: number,
  attempt: Attempt,
  stream: Stream,
  state: Sent,
): Promise<Chunk | undefined> {
  const key = attempt[`${stream}_key`];
  // The first text of a stream is the stream from its start: it replaces what the page shows.
  let reset = state.bytes === 0;
  if (key) {
    const [bytes, times] = await Promise.all([
      deps.blobs.get(key),
      attemptTimes(deps, executionId, attempt, stream).catch(() => []),
    ]);
    // The stored log is the end of the file: sent whole again when it is shorter than what was sent.
    reset ||= bytes.length < state.bytes;
    const base = reset ? 0 : state.bytes;
    const decoded = decodeTimed(bytes.subarray(base), base, times, state.decoder);
    state.stored = true;
    state.bytes = bytes.length;
    return { text: decoded.text + state.decoder.end(), stamps: decoded.stamps, reset };
  }
  if (attempt.ended_at !== null) return undefined;
  const file = runningLogFile(deps, executionId, attempt, stream);
  const handle = file ? await open(file, 'r').catch(() => undefined) : undefined;
  if (!file || !handle) return undefined;
  let chunk: Buffer;
  const base = state.bytes;
  try {
    const { size } = await handle.stat();
    if (size <= state.bytes) return undefined;
    chunk = Buffer.alloc(Math.min(size - state.bytes, 1024 * 1024));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, state.bytes);
    chunk = chunk.subarray(0, bytesRead);
    state.bytes += bytesRead;
  } finally {
    await handle.close();
  }
  // Read after the log: the runtime writes a line's time before its bytes.
  await readNewTimes(file, state);
  const decoded = decodeTimed(chunk, base, state.times, state.decoder);
  state.times = state.times.filter((t) => t.offset >= state.bytes);
  return { ...decoded, reset };
}

/**
 * One look at a node's attempts: sends what each stream gained since the last look as `chunk`
 * events (`{attempt, phase, stream, text, stamps, reset}`: reset when the text replaces what was
 * sent, stamps the UTF-16 index in text and time in ms of each line start with a recorded time);
 * true when the node is over (every attempt ended and the node or its execution is in a terminal phase).
 */
async function sendNew(
  deps: FollowDeps,
  execution: Selectable<ExecutionTable>,
  nodeId: string,
  sent: Map<string, Sent>,
  res: Response,
): Promise<boolean> {
  const attempts = await deps.repo.listTaskAttempts(execution.id, nodeId);
  for (const attempt of attempts) {
    for (const stream of STREAMS) {
      const mark = `${attempt.attempt}/${stream}`;
      const state = sent.get(mark) ?? {
        bytes: 0,
        decoder: new StringDecoder('utf8'),
        stored: false,
        timesRead: 0,
        timesRest: '',
        times: [],
      };
      sent.set(mark, state);
      if (state.stored) continue;
      const chunk = await nextChunk(deps, execution.id, attempt, stream, state);
      if (chunk && (chunk.text || (chunk.reset && state.bytes > 0))) {
        const data = JSON.stringify({ attempt: attempt.attempt, phase: attempt.phase, stream, ...chunk });
        res.write(`event: chunk\ndata: ${data}\n\n`);
      }
    }
  }
  const running = attempts.some((a) => a.ended_at === null);
  if (running) return false;
  const node = await deps.repo.getNodeExecution(execution.id, nodeId);
  const current = await deps.repo.getExecution(execution);
  return NODE_DONE.has(node?.phase ?? '') || isTerminalPhase(current?.phase ?? '');
}

/**
 * `GET .../executions/<name>/nodes/<node>/log/follow`: a node's log as Server-Sent Events, admitted
 * like the execution page (the console's gate runs first). Sends each attempt's stdout and stderr
 * from their start, then what they gain, as `chunk` events; `end` once the node is over. A request
 * from another origin is refused 403; an unknown execution or a node that has not started is 404.
 */
export function addLogFollow(router: Router, deps: FollowDeps): void {
  router.get(FOLLOW_ROUTE, async (req: Request, res: Response) => {
    if (!sameSiteOr403(req, res, deps.ownNames)) return;
    const nodeId = String(req.params.node);
    const execution = await deps.repo.getExecution({
      project: String(req.params.project),
      domain: String(req.params.domain),
      name: String(req.params.name),
    });
    const started = execution ? await deps.repo.getNodeExecution(execution.id, nodeId) : undefined;
    if (!execution || !started) {
      res.status(404).type('text/plain').send('no such execution node, or it has not started yet\n');
      return;
    }
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    res.setHeader('x-accel-buffering', 'no');
    res.flushHeaders();
    let closed = false;
    req.on('close', () => {
      closed = true;
    });
    const sent = new Map<string, Sent>();
    const pollMs = deps.pollMs ?? 250;
    let quiet = 0;
    try {
      while (!closed) {
        if (await sendNew(deps, execution, nodeId, sent, res)) {
          res.write('event: end\ndata: {}\n\n');
          break;
        }
        // A comment now and then keeps proxies from closing a quiet stream.
        if (++quiet % 60 === 0) res.write(': still following\n\n');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (error) {
      deps.logger.error('console log follow failed', { error: String(error) });
    }
    res.end();
  });
}
