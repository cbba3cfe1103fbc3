import { toMappedJson } from '../api/json.js';
import type { EntityStatus, RegistrationReport } from './register-files.js';

/** The mark printed before an entity's name, by outcome (spec, "Platform CLI commands used"). */
const MARK: Record<EntityStatus, string> = {
  registered: '[✔]',
  'already registered': '[✔]',
  'dry run': '[✔]',
  failed: '[✘]',
  skipped: '[✘]',
};

/**
 * The spec's lines for a registration report: `Computed version is <v>` (only when computed), one
 * `[✔] <Type>: <name>` or `[✘] <Type>: <name> (<reason>)` line per entity, then
 * `Successfully registered <n> entities` and, when some failed, `Failed to register <m> entities`.
 * With `dryRun`, a closing line says that nothing was uploaded or registered instead.
 * Used by `orch register` and by the Action's `register` command, so both print the same lines;
 * with `options.existing` (the Action), the closing line tells new entities from those that were
 * already registered (see {@link registeredLine}).
 * @returns the lines, each ending in a newline.
 */
export function reportLines(
  report: RegistrationReport,
  dryRun: boolean,
  options: { existing?: boolean } = {},
): string {
  const lines: string[] = [];
  if (report.computed) lines.push(`Computed version is ${report.version}`);
  for (const entity of report.entities) {
    const note =
      entity.status === 'failed' || entity.status === 'skipped'
        ? ` (${entity.reason ?? entity.status})`
        : entity.status === 'already registered'
          ? ' (already registered)'
          : entity.status === 'dry run'
            ? ' (dry run)'
            : '';
    lines.push(
      `${MARK[entity.status]} ${entity.type}: ${entity.id.name}${note}${entity.activated ? ' (activated)' : ''}`,
    );
  }
  const ok = report.entities.filter((e) => e.status === 'registered' || e.status === 'already registered');
  const notDone = report.entities.length - ok.length - (dryRun ? report.entities.length : 0);
  if (dryRun) {
    lines.push(
      `Dry run: ${report.entities.length} entities compiled and validated; nothing was uploaded or registered`,
    );
  } else {
    lines.push(options.existing ? registeredLine(report) : `Successfully registered ${ok.length} entities`);
    if (notDone > 0) lines.push(`Failed to register ${notDone} entities`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The closing line of a registration that tells new entities from existing ones:
 * `Successfully registered 3 entities` when all were new, `All 3 entities were already registered`
 * when none was, `Registered 1 new entity; 2 were already registered` for a mix (failed and skipped
 * entities are counted by the `Failed to register` line).
 */
export function registeredLine(report: RegistrationReport): string {
  const fresh = report.entities.filter((e) => e.status === 'registered').length;
  const existing = report.entities.filter((e) => e.status === 'already registered').length;
  const entities = (n: number) => `${n} ${n === 1 ? 'entity' : 'entities'}`;
  if (existing === 0) return `Successfully registered ${entities(fresh)}`;
  if (fresh === 0) {
    return existing === 1 && report.entities.length === 1
      ? 'The entity was already registered'
      : `${existing === report.entities.length ? 'All ' : ''}${entities(existing)} ${existing === 1 ? 'was' : 'were'} already registered`;
  }
  return `Registered ${fresh} new ${fresh === 1 ? 'entity' : 'entities'}; ${existing} ${existing === 1 ? 'was' : 'were'} already registered`;
}

/** One entity of {@link reportJson}: the identifier in the API's JSON mapping (lowerCamelCase keys). */
export interface EntityJson {
  type: string;
  id: unknown;
  status: EntityStatus;
  reason?: string;
  activated?: true;
}

/**
 * The JSON form of a registration report (`orch register -o json`, the Action's `entities` output):
 * `{version, entities: [{type, id, status, reason?, activated?}]}`.
 */
export function reportJson(report: RegistrationReport): { version: string; entities: EntityJson[] } {
  return {
    version: report.version,
    entities: report.entities.map((e) => ({
      type: e.type,
      id: toMappedJson('orch.core.v1.Identifier', e.id),
      status: e.status,
      ...(e.reason ? { reason: e.reason } : {}),
      ...(e.activated ? { activated: true as const } : {}),
    })),
  };
}

/** Entities of a report that were not registered (failed, or skipped after a failure). */
export function notRegisteredCount(report: RegistrationReport): number {
  return report.entities.filter((e) => e.status === 'failed' || e.status === 'skipped').length;
}

/** Thrown after a registration report was printed when some entity was not registered (exit 1). */
export class RegistrationFailed extends Error {
  constructor(readonly count: number) {
    super(`${count} ${count === 1 ? 'entity was' : 'entities were'} not registered`);
    this.name = 'RegistrationFailed';
  }
}
