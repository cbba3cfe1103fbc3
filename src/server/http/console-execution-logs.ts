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
 * heading; undefined when there is no such execution or the node has not run.
 */
export async function nodeLogText(
  sources: LogSources,
  id: { project: string; domain: string; name: string },
  nodeId: string,
): Promise<string | undefined> {
  const row = await sources.repo.getExecution(id);
  const attempts = row ? await sources.repo.listTaskAttempts(row.id, nodeId) : [];
  if (!row || !attempts.length) return undefined;
  const parts: string[] = [];
  for (const attempt of attempts) {
    for (const stream of STREAMS) {
      const text = (await attemptLog(sources, row.id, attempt, stream)).toString('utf8');
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
  /** Whether either stream was longer than {@link INLINE_LOG_BYTES} (only its end is shown). */
  cut: boolean;
}

/** The end of `bytes` as text: at most `max` bytes, from a line start when one is near. */
export function tailText(bytes: Buffer, max: number): { text: string; cut: boolean } {
  if (bytes.length <= max) return { text: bytes.toString('utf8'), cut: false };
  const text = bytes.subarray(bytes.length - max).toString('utf8');
  const newline = text.indexOf('\n');
  return { text: newline >= 0 && newline < 1024 ? text.slice(newline + 1) : text, cut: true };
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
      const [out, err] = await Promise.all(
        STREAMS.map(async (s) =>
          tailText(
            await attemptLog(sources, execution.id, a, s).catch(() => Buffer.alloc(0)),
            INLINE_LOG_BYTES,
          ),
        ),
      );
      const view: AttemptLogView = {
        attempt: a.attempt,
        phase: a.phase,
        startedAt: a.started_at,
        endedAt: a.ended_at,
        stdout: out?.text ?? '',
        stderr: err?.text ?? '',
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

/** How far each attempt's stream was sent, and how (from the running file or the stored blob). */
type Sent = { bytes: number; decoder: StringDecoder; stored: boolean };

/**
 * One look at a node's attempts: sends what each stream gained since the last look as `chunk`
 * events (`{attempt, stream, text, reset}`, reset when the text replaces what was sent); true when
 * the node is over (every attempt ended and the node or its execution is in a terminal phase).
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
      const state = sent.get(mark) ?? { bytes: 0, decoder: new StringDecoder('utf8'), stored: false };
      sent.set(mark, state);
      if (state.stored) continue;
      const key = attempt[`${stream}_key`];
      let text = '';
      // The first text of a stream is the stream from its start: it replaces what the page shows.
      let reset = state.bytes === 0;
      if (key) {
        const bytes = await deps.blobs.get(key);
        // The stored log is the end of the file: sent whole again when it is shorter than what was sent.
        reset ||= bytes.length < state.bytes;
        text = state.decoder.write(bytes.subarray(reset ? 0 : state.bytes)) + state.decoder.end();
        state.stored = true;
        state.bytes = bytes.length;
      } else if (attempt.ended_at === null) {
        const file = runningLogFile(deps, execution.id, attempt, stream);
        const handle = file ? await open(file, 'r').catch(() => undefined) : undefined;
        if (!handle) continue;
        try {
          const { size } = await handle.stat();
          if (size <= state.bytes) continue;
          const chunk = Buffer.alloc(Math.min(size - state.bytes, 1024 * 1024));
          const { bytesRead } = await handle.read(chunk, 0, chunk.length, state.bytes);
          state.bytes += bytesRead;
          text = state.decoder.write(chunk.subarray(0, bytesRead));
        } finally {
          await handle.close();
        }
      }
      if (text || (reset && state.bytes > 0)) {
        const data = JSON.stringify({ attempt: attempt.attempt, phase: attempt.phase, stream, text, reset });
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
