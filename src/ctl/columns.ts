import { formatDuration } from '../api/duration.js';
import { stringifyExactJson } from '../api/exact-json.js';
import { timestampToString } from '../api/json.js';
import { formatType, literalMapToJson, literalToJson } from '../api/literals.js';
import type {
  ExecutionOut,
  LaunchPlanOut,
  LiteralMapOut,
  ParameterMapOut,
  ProjectOut,
  TaskOut,
  VariableMapOut,
  WorkflowOut,
} from '../api/types.js';
import type { CellStyle } from './printers.js';

/**
 * TABLE columns of `orchctl get`, one set per resource, read from the message fields the admin fills
 * in (never from paths that do not exist: the control CLI reference, section 2a, lists the blank
 * columns to avoid). Times are RFC 3339 in UTC to the second; durations are Go-style (`1.234s`).
 */

/** The columns of one resource: headers, a row per message, and the style of a cell (colour only). */
export interface TableColumns<T> {
  headers: readonly string[];
  row(message: T): string[];
  style?: (column: number, text: string) => CellStyle | undefined;
}

type Time = { seconds: string | number; nanos: number } | null | undefined;

/** A timestamp as RFC 3339 UTC to the second (`2026-01-02T03:04:05Z`); empty when unset. */
export function timeText(t: Time): string {
  return !t || Number(t.seconds) <= 0 ? '' : timestampToString({ seconds: t.seconds, nanos: 0 });
}

/** A duration as Go prints it, to the millisecond (`1.234s`, `2m3.5s`); empty when unset. */
export function durationText(d: Time): string {
  if (!d) return '';
  const seconds = Number(d.seconds) + (d.nanos ?? 0) / 1e9;
  return formatDuration(Math.round(seconds * 1000) / 1000);
}

const byName = <T>(record: Record<string, T> | undefined | null): [string, T][] =>
  Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** `x: integer, y: string?`: the variables of an interface side, sorted by name. */
export function variablesText(map: VariableMapOut | null | undefined): string {
  return byName(map?.variables)
    .map(([name, v]) => (v.type ? `${name}: ${formatType(v.type)}` : name))
    .join(', ');
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : stringifyExactJson(value));

/** `o0=3, s=text`: the values of a literal map, sorted by name. */
export function literalsText(map: LiteralMapOut | null | undefined): string {
  return byName(literalMapToJson(map))
    .map(([name, value]) => `${name}=${valueText(value)}`)
    .join(', ');
}

/** Launch plan inputs: `x: integer` (required), `x: integer = 1` (defaulted), then `y=2 (fixed)`. */
export function parametersText(
  parameters: ParameterMapOut | null | undefined,
  fixed: LiteralMapOut | null | undefined,
): string {
  const given = byName(parameters?.parameters).map(([name, p]) => {
    const type = p.var?.type ? `: ${formatType(p.var.type)}` : '';
    const fallback = p.default ? ` = ${valueText(literalToJson(p.default))}` : '';
    return `${name}${type}${fallback}`;
  });
  const pinned = byName(literalMapToJson(fixed)).map(
    ([name, value]) => `${name}=${valueText(value)} (fixed)`,
  );
  return [...given, ...pinned].join(', ');
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3)}...` : text);

/** `project`: ID, NAME, DOMAINS, DESCRIPTION, STATE. */
export const PROJECT_COLUMNS: TableColumns<ProjectOut> = {
  headers: ['ID', 'NAME', 'DOMAINS', 'DESCRIPTION', 'STATE'],
  row: (p) => [
    p.id,
    p.name,
    (p.domains ?? []).map((d) => d.id).join(','),
    p.description ?? '',
    String(p.state ?? ''),
  ],
};

/** `task`: VERSION, NAME, TYPE, INPUTS, OUTPUTS, CREATED AT. */
export const TASK_COLUMNS: TableColumns<TaskOut> = {
  headers: ['VERSION', 'NAME', 'TYPE', 'INPUTS', 'OUTPUTS', 'CREATED AT'],
  row: (t) => {
    const template = t.closure?.compiled_task?.template;
    return [
      t.id?.version ?? '',
      t.id?.name ?? '',
      template?.type ?? '',
      variablesText(template?.interface?.inputs),
      variablesText(template?.interface?.outputs),
      timeText(t.closure?.created_at),
    ];
  },
};

/** `workflow`: VERSION, NAME, INPUTS, OUTPUTS, CREATED AT. */
export const WORKFLOW_COLUMNS: TableColumns<WorkflowOut> = {
  headers: ['VERSION', 'NAME', 'INPUTS', 'OUTPUTS', 'CREATED AT'],
  row: (w) => {
    const iface = w.closure?.compiled_workflow?.primary?.template?.interface;
    return [
      w.id?.version ?? '',
      w.id?.name ?? '',
      variablesText(iface?.inputs),
      variablesText(iface?.outputs),
      timeText(w.closure?.created_at),
    ];
  },
};

/** `launchplan`: VERSION, NAME, STATE, SCHEDULE, INPUTS, OUTPUTS, CREATED AT. */
export const LAUNCH_PLAN_COLUMNS: TableColumns<LaunchPlanOut> = {
  headers: ['VERSION', 'NAME', 'STATE', 'SCHEDULE', 'INPUTS', 'OUTPUTS', 'CREATED AT'],
  row: (lp) => [
    lp.id?.version ?? '',
    lp.id?.name ?? '',
    String(lp.closure?.state ?? ''),
    lp.spec?.schedule?.cron_schedule?.schedule ?? '',
    parametersText(lp.closure?.expected_inputs, lp.spec?.fixed_inputs),
    variablesText(lp.closure?.expected_outputs),
    timeText(lp.closure?.created_at),
  ],
  style: (column, text) => (column === 2 && text === 'ACTIVE' ? 'green' : undefined),
};

const PHASE_STYLES: Record<string, CellStyle> = {
  SUCCEEDED: 'green',
  FAILED: 'red',
  TIMED_OUT: 'red',
  ABORTED: 'yellow',
  RUNNING: 'bold',
};

/**
 * `execution`: NAME, LAUNCH PLAN, VERSION, PHASE, STARTED AT, DURATION, LAUNCHED BY (the principal
 * the admin recorded: a user, an API key's client id, `github:<repository>@<ref>` for a keyless CI
 * sign-in, `scheduler`), OUTPUTS / ERROR (100 characters at most).
 */
export const EXECUTION_COLUMNS: TableColumns<ExecutionOut> = {
  headers: [
    'NAME',
    'LAUNCH PLAN',
    'VERSION',
    'PHASE',
    'STARTED AT',
    'DURATION',
    'LAUNCHED BY',
    'OUTPUTS / ERROR',
  ],
  row: (e) => {
    const closure = e.closure;
    const error = closure?.error;
    const result = error
      ? `error: ${error.code ? `${error.code}: ` : ''}${error.message ?? ''}`
      : literalsText(closure?.outputs);
    return [
      e.id?.name ?? '',
      e.spec?.launch_plan?.name ?? '',
      e.spec?.launch_plan?.version ?? '',
      String(closure?.phase ?? ''),
      timeText(closure?.started_at),
      durationText(closure?.duration),
      e.spec?.metadata?.principal || '',
      truncate(result, 100),
    ];
  },
  style: (column, text) => (column === 3 ? PHASE_STYLES[text] : undefined),
};
