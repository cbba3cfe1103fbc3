import { parseDuration } from '../../api/duration.js';
import type { ExecutionEvent } from '../../api/generated/orch/admin/v1/ExecutionEvent.js';
import type { AdminServiceHandlers } from '../../api/generated/orch/service/v1/AdminService.js';
import { timestampFromDate } from '../../api/json.js';
import { type ExecutionPhase, TERMINAL_PHASES } from '../../api/types.js';
import type { Repository } from '../db/repository.js';
import { invalidArgument, notFound } from '../errors.js';
import type { ExecutionEvents, PhaseChange } from '../executor/events.js';
import type { BlobStore } from '../storage/blob-store.js';
import { readLiteralMap } from '../storage/execution-data.js';
import type { ServerStreamHandlers } from './handler.js';
import { executionPhase, nodePhase, storedMessage } from './stored.js';

/** Settings of WatchExecution, from `--server.watchService.*`. */
export interface WatchSettings {
  /** How often the database is read for changes made elsewhere, in ms (`pollInterval`, 1s). */
  pollMs: number;
  /** Longest silence before the current phase is sent again, in ms (`nonTerminalStatusUpdatesInterval`, 1m0s). */
  heartbeatMs: number;
  /** Most node events sent for one poll (`maxPageSize`, 50000). */
  maxNodeEvents: number;
}

/**
 * Reads `--server.watchService.pollInterval`, `nonTerminalStatusUpdatesInterval` and `maxPageSize`.
 * @throws Error naming the flag whose duration is malformed or not positive.
 */
export function watchSettings(config: {
  pollInterval: string;
  nonTerminalStatusUpdatesInterval: string;
  maxPageSize: number;
}): WatchSettings {
  const ms = (value: string, flag: string) => {
    const seconds = parseDuration(value);
    if (!(seconds > 0)) throw new Error(`--server.watchService.${flag} must be a positive duration`);
    return seconds * 1000;
  };
  return {
    pollMs: ms(config.pollInterval, 'pollInterval'),
    heartbeatMs: ms(config.nonTerminalStatusUpdatesInterval, 'nonTerminalStatusUpdatesInterval'),
    maxNodeEvents: Math.max(1, config.maxPageSize),
  };
}

/** Order of execution phases along a run; a watcher never sends a phase that ranks below the last one. */
const RANK: Record<ExecutionPhase, number> = {
  UNDEFINED: 0,
  QUEUED: 1,
  RUNNING: 2,
  SUCCEEDING: 3,
  FAILING: 3,
  ABORTING: 4,
  SUCCEEDED: 5,
  FAILED: 5,
  ABORTED: 5,
  TIMED_OUT: 5,
};

/** What WatchExecution needs; built by `createServer`. */
export interface WatchDeps {
  repo: Repository;
  blobs: BlobStore;
  events: ExecutionEvents;
  settings: WatchSettings;
}

/**
 * The WatchExecution handler: the execution's current phase first, then every phase change of the
 * execution and of its nodes in the order they were recorded (heard from the executor at once, and
 * read from the database every `pollMs` for changes made by another runtime), a repeat of the
 * current phase after `heartbeatMs` of silence, and the end of the stream after a terminal phase
 * (whose event carries the error or the outputs).
 * @throws ServiceError InvalidArgument for a missing id, NotFound for an unknown execution.
 */
export function createWatchHandler(
  deps: WatchDeps,
): ServerStreamHandlers<AdminServiceHandlers>['WatchExecution'] {
  const { repo, blobs, events, settings } = deps;
  return async (request, send, signal) => {
    const id = request.id;
    if (!id?.project || !id.domain || !id.name)
      throw invalidArgument('missing id.project, id.domain or id.name');
    const key = { project: id.project, domain: id.domain, name: id.name };
    const first = await repo.getExecution(key);
    if (!first) throw notFound(`execution ${key.project}/${key.domain}/${key.name} does not exist`);

    const queue: PhaseChange[] = [];
    let wake: (() => void) | undefined;
    const unsubscribe = events.subscribe(first.id, (change) => {
      queue.push(change);
      wake?.();
    });
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    try {
      let row = (await repo.getExecutionById(first.id)) ?? first;
      let phase = executionPhase(row.phase);
      const nodePhases = new Map<string, string>();
      for (const node of await repo.allNodeExecutions(first.id)) nodePhases.set(node.node_id, node.phase);
      let lastSent = Date.now();

      const sendPhase = async (to: ExecutionPhase, at: number) => {
        const message: ExecutionEvent = {
          id: key,
          phase: to,
          occurred_at: timestampFromDate(new Date(at)),
        };
        if (TERMINAL_PHASES.has(to)) {
          row = (await repo.getExecutionById(first.id)) ?? row;
          if (row.error)
            message.error = storedMessage('orch.core.v1.ExecutionError', row.error, 'executions.error');
          else if (row.outputs_key) message.outputs = await readLiteralMap(blobs, row.outputs_key);
        }
        send(message);
        phase = to;
        lastSent = Date.now();
      };
      const sendNode = (nodeId: string, phaseOfNode: string, at: number) => {
        if (nodePhases.get(nodeId) === phaseOfNode) return;
        nodePhases.set(nodeId, phaseOfNode);
        send({
          id: key,
          phase,
          occurred_at: timestampFromDate(new Date(at)),
          node_id: nodeId,
          node_phase: nodePhase(phaseOfNode),
        });
        lastSent = Date.now();
      };
      const advance = async (to: ExecutionPhase, at: number) => {
        if (to !== phase && RANK[to] >= RANK[phase]) await sendPhase(to, at);
      };

      await sendPhase(phase, row.updated_at);
      let lastPoll = Date.now();
      while (!TERMINAL_PHASES.has(phase) && !signal.aborted) {
        const change = queue.shift();
        if (change) {
          if (change.nodeId && change.nodePhase) sendNode(change.nodeId, change.nodePhase, change.at);
          await advance(change.phase, change.at);
          continue;
        }
        const now = Date.now();
        if (now - lastPoll >= settings.pollMs) {
          lastPoll = now;
          const polled = await repo.getExecutionById(first.id);
          if (!polled) break;
          let sent = 0;
          for (const node of await repo.allNodeExecutions(first.id)) {
            if (sent >= settings.maxNodeEvents) break;
            if (nodePhases.get(node.node_id) !== node.phase) {
              sendNode(node.node_id, node.phase, node.updated_at);
              sent += 1;
            }
          }
          await advance(executionPhase(polled.phase), polled.updated_at);
          continue;
        }
        if (now - lastSent >= settings.heartbeatMs) {
          await sendPhase(phase, now);
          continue;
        }
        const until = Math.min(lastPoll + settings.pollMs, lastSent + settings.heartbeatMs) - now;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.max(1, until));
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
          if (queue.length || signal.aborted) done();
        });
      }
    } finally {
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
    }
  };
}
