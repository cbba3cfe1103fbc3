import type { AdminClient } from '../client/admin-client.js';
import { NotFoundError } from '../client/errors.js';
import type { CliIO } from '../config/commander.js';
import { ResourceNotFoundError } from './errors.js';

type Scope = { project: string; domain: string };
type Seconds = { seconds?: string | number; nanos?: number } | null | undefined;
type ErrorOut = { kind?: string; code?: string; message?: string } | null | undefined;

const secondsOf = (d: Seconds) => (d ? Number(d.seconds ?? 0) + (d.nanos ?? 0) / 1e9 : undefined);
const duration = (d: Seconds) => {
  const s = secondsOf(d);
  return s === undefined ? '' : ` ${s.toFixed(2)}s`;
};
const errorText = (e: ErrorOut) => (e ? `  ${e.kind ?? 'UNKNOWN'} ${e.code ?? ''}: ${e.message ?? ''}` : '');

/** Turns the client's NotFound for an execution into orchctl's ResourceNotFoundError (exit 1). */
async function found<T>(scope: Scope, name: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NotFoundError) {
      throw new ResourceNotFoundError(
        `execution ${name} not found in project ${scope.project}, domain ${scope.domain}`,
        `List the newest executions with: orchctl get execution -p ${scope.project} -d ${scope.domain}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/**
 * `orchctl get execution <name> --details`: the execution's phase and duration, then its nodes as a
 * tree, each with its phase, duration, cache status (`cache CACHE_HIT`, ...; left out for an uncached
 * task) and error, and under it every attempt of its task:
 *
 * ```
 * abc SUCCEEDED 0.50s
 * ├── n0 SUCCEEDED 0.49s
 * │   └── attempt 1 SUCCEEDED 0.09s
 * └── n1 SUCCEEDED 0.01s cache CACHE_HIT
 * ```
 * @throws ResourceNotFoundError for an unknown execution; client errors otherwise.
 */
export async function printExecutionDetails(
  client: AdminClient,
  scope: Scope,
  name: string,
  io: CliIO,
): Promise<void> {
  const id = { ...scope, name };
  const execution = await found(scope, name, () => client.getExecution(id));
  const closure = execution.closure;
  const lines = [
    `${name} ${closure?.phase ?? 'UNDEFINED'}${duration(closure?.duration)}${errorText(closure?.error)}`,
  ];
  const nodes = [];
  let token = '';
  do {
    const page = await client.listNodeExecutions(id, { limit: 1000, token });
    nodes.push(...page.node_executions);
    token = page.token;
  } while (token);
  nodes.forEach((node, i) => {
    const lastNode = i === nodes.length - 1;
    const c = node.closure;
    const cache = c?.cache_status && c.cache_status !== 'CACHE_DISABLED' ? ` cache ${c.cache_status}` : '';
    lines.push(
      `${lastNode ? '└── ' : '├── '}${node.id?.node_id ?? ''} ${c?.phase ?? 'UNDEFINED'}${duration(c?.duration)}${cache}${errorText(c?.error)}`,
    );
    const attempts = c?.task_attempts ?? [];
    attempts.forEach((attempt, j) => {
      const branch = j === attempts.length - 1 ? '└── ' : '├── ';
      lines.push(
        `${lastNode ? '    ' : '│   '}${branch}attempt ${attempt.attempt} ${attempt.phase}${duration(attempt.duration)}${errorText(attempt.error)}`,
      );
    });
  });
  io.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * `orchctl get execution <name> --logs <node>`: the node's log (stdout and stderr of every attempt),
 * as the admin's console serves it at `<execution console URL>/nodes/<node>/log`.
 * @throws ResourceNotFoundError when the execution or the node (or its log) does not exist; Error when
 *   the console cannot be reached.
 */
export async function printNodeLog(
  client: AdminClient,
  scope: Scope,
  name: string,
  nodeId: string,
  io: CliIO,
  timeoutSeconds = 30,
): Promise<void> {
  const id = { ...scope, name };
  await found(scope, name, () => client.getExecution(id));
  const url = `${await client.consoleUrl(id)}/nodes/${encodeURIComponent(nodeId)}/log`;
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutSeconds * 1000) });
  const text = await res.text();
  if (res.status === 404) {
    throw new ResourceNotFoundError(
      `execution ${name} has no log of node ${nodeId}`,
      `See its nodes with: orchctl get execution ${name} -p ${scope.project} -d ${scope.domain} --details`,
    );
  }
  if (!res.ok) throw new Error(`the log of node ${nodeId} could not be read (HTTP ${res.status})`);
  io.stdout.write(text);
}
