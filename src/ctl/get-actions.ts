import { literalMapToJson } from '../api/literals.js';
import type { ExecutionOut, ProjectOut } from '../api/types.js';
import { ORCH_VERSION } from '../api/version.js';
import { AdminClient } from '../client/admin-client.js';
import type { CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { formatMessages, formatTable, parseOutputFormat } from './printers.js';

function clientFor(config: Config): AdminClient {
  if (!config.admin.endpoint) {
    throw new ConfigError(
      'no admin endpoint configured; pass --admin.endpoint <host:port> (and --admin.insecure for a local sandbox) ' +
        'or set admin.endpoint in the config file',
      '--admin.endpoint',
    );
  }
  return new AdminClient({
    endpoint: config.admin.endpoint,
    insecure: config.admin.insecure,
    consoleEndpoint: config.console.endpoint,
    clientName: `orchctl/${ORCH_VERSION}`,
  });
}

function requireScope(config: Config): { project: string; domain: string } {
  if (!config.project) throw new ConfigError('a project is required', '-p, --project');
  if (!config.domain) throw new ConfigError('a domain is required', '-d, --domain');
  return { project: config.project, domain: config.domain };
}

const seconds = (d: { seconds: string; nanos: number } | null | undefined) =>
  d ? Number(d.seconds) + d.nanos / 1e9 : undefined;
const isoTime = (t: { seconds: string; nanos: number } | null | undefined) =>
  t && Number(t.seconds) > 0
    ? new Date(Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6)).toISOString()
    : '';

function executionRow(e: ExecutionOut): string[] {
  const closure = e.closure;
  const outputs = closure?.outputs
    ? Object.entries(literalMapToJson(closure.outputs))
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ')
    : (closure?.error?.message ?? '');
  const elapsed = seconds(closure?.duration);
  return [
    e.id?.name ?? '',
    e.spec?.launch_plan?.name ?? '',
    e.spec?.launch_plan?.version ?? '',
    String(closure?.phase ?? ''),
    isoTime(closure?.started_at),
    elapsed === undefined ? '' : `${elapsed.toFixed(3)}s`,
    outputs,
  ];
}

function projectRow(p: ProjectOut): string[] {
  return [p.id, p.name, p.domains.map((d) => d.id).join(','), p.description];
}

/** `orchctl get execution [name]`: one execution, or the newest of a project and domain. */
export async function getExecutions(name: string | undefined, config: Config, io: CliIO): Promise<void> {
  const format = parseOutputFormat(config.output);
  const scope = requireScope(config);
  const client = clientFor(config);
  try {
    const executions = name
      ? [await client.getExecution({ ...scope, name })]
      : (await client.listExecutions({ id: scope, limit: 100 })).executions;
    if (format === 'table') {
      const headers = ['NAME', 'LAUNCH PLAN', 'VERSION', 'PHASE', 'STARTED', 'ELAPSED', 'OUTPUTS'];
      io.stdout.write(formatTable(headers, executions.map(executionRow)));
    } else {
      io.stdout.write(formatMessages('orch.admin.Execution', executions, format, !name));
    }
  } finally {
    client.close();
  }
}

/** `orchctl get project [name]`: one project, or every project. */
export async function getProjects(name: string | undefined, config: Config, io: CliIO): Promise<void> {
  const format = parseOutputFormat(config.output);
  const client = clientFor(config);
  try {
    const projects = name ? [await client.getProject(name)] : (await client.listProjects()).projects;
    if (format === 'table') {
      io.stdout.write(formatTable(['ID', 'NAME', 'DOMAINS', 'DESCRIPTION'], projects.map(projectRow)));
    } else {
      io.stdout.write(formatMessages('orch.admin.Project', projects, format, !name));
    }
  } finally {
    client.close();
  }
}
