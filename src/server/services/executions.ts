import { randomFillSync } from 'node:crypto';
import type { ExecutionClosure } from '../../api/generated/orch/admin/v1/ExecutionClosure.js';
import type { ExecutionCreateResponse } from '../../api/generated/orch/admin/v1/ExecutionCreateResponse.js';
import type { ExecutionMetadata } from '../../api/generated/orch/admin/v1/ExecutionMetadata.js';
import type { Parameter__Output as ParameterOut } from '../../api/generated/orch/core/v1/Parameter.js';
import { _orch_core_v1_WorkflowExecution_Phase } from '../../api/generated/orch/core/v1/WorkflowExecution.js';
import { durationFromSeconds } from '../../api/json.js';
import { MAX_NESTING_DEPTH } from '../../api/limits.js';
import { LiteralValueError, literalDepth, literalFromJson, literalToJson } from '../../api/literals.js';
import type { Execution, LiteralOut, LiteralTypeOut } from '../../api/types.js';
import { TERMINAL_PHASES } from '../../api/types.js';
import { isUniqueViolation } from '../db/connect.js';
import type { FieldSpec } from '../db/filters.js';
import type { EntityKey } from '../db/repository.js';
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from '../errors.js';
import { INLINE_INPUTS_LIMIT, readInputs } from '../storage/execution-data.js';
import {
  type AdminContext,
  type AdminHandlers,
  describe,
  type EntityIdFields,
  type ExecutionRow,
  entityKey,
  identifier,
  listScope,
  loadExecution,
  readLiterals,
  requireProject,
} from './admin-context.js';
import type { CallContext } from './handler.js';
import { fullMessage, minimalMessage } from './messages.js';
import { listQuery, NAME_PATTERN, pageOf, timestamp, withPageToken } from './requests.js';
import { executionPhase, storedMessage } from './stored.js';

/** The ExecutionMode names, in wire order from 1 (0 is EXECUTION_MODE_UNSPECIFIED). */
const MODE_NAMES = ['MANUAL', 'SCHEDULED', 'SYSTEM', 'RELAUNCH'] as const;
const MODES = Object.fromEntries(MODE_NAMES.map((m) => [m, m]));

/**
 * An ExecutionMode as its name: requests carry the name or the wire number (1 MANUAL to 4 RELAUNCH;
 * proto/orch/admin/v1/execution.proto); absent, unspecified or unknown is MANUAL.
 */
function modeName(mode: unknown): (typeof MODE_NAMES)[number] {
  if (typeof mode === 'number') return MODE_NAMES[mode - 1] ?? 'MANUAL';
  return MODE_NAMES.find((name) => name === mode) ?? 'MANUAL';
}

/** Filterable and sortable fields of executions (DESIGN.md, "List calls"). */
export const EXECUTION_FIELDS: Readonly<Record<string, FieldSpec>> = {
  name: { column: 'name', kind: 'text', sortable: true },
  // `executions.phase` holds the WorkflowExecution.Phase names: each name is its own stored value.
  phase: { column: 'phase', kind: 'enum', values: _orch_core_v1_WorkflowExecution_Phase, sortable: true },
  created_at: { column: 'created_at', kind: 'time', sortable: true },
  updated_at: { column: 'updated_at', kind: 'time', sortable: true },
  started_at: { column: 'started_at', kind: 'time' },
  'launch_plan.name': { column: 'launch_plan_name', kind: 'text' },
  'launch_plan.version': { column: 'launch_plan_version', kind: 'text' },
  'workflow.name': { column: 'workflow_name', kind: 'text' },
  'workflow.version': { column: 'workflow_version', kind: 'text' },
  principal: { column: 'principal', kind: 'text' },
  mode: { column: 'launch_mode', kind: 'enum', values: MODES },
};

/** Most characters of a TerminateExecution cause, which the console and `orchctl get` show. */
const MAX_CAUSE_LENGTH = 1024;
const EXECUTION_NAME_LENGTH = 20;
/** Most characters of a user-given execution name. */
const MAX_EXECUTION_NAME_LENGTH = 63;

const NAME_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const NAME_CHARACTERS = `${NAME_LETTERS}0123456789`;
/** Random bytes drawn 4 KiB at a time: a draw per name was about 13 µs of each CreateExecution. */
const randomPool = { bytes: Buffer.alloc(4096), next: 4096 };

/** One random byte from the pool, refilled from the system's CSPRNG when spent. */
function randomByte(): number {
  if (randomPool.next >= randomPool.bytes.length) {
    randomFillSync(randomPool.bytes);
    randomPool.next = 0;
  }
  return randomPool.bytes.readUInt8(randomPool.next++);
}

/** A uniformly random character of `alphabet` (bytes past the last whole multiple are redrawn). */
function randomCharacter(alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  for (;;) {
    const byte = randomByte();
    if (byte < limit) return alphabet.charAt(byte % alphabet.length);
  }
}

/** A generated execution name: 20 lowercase characters starting with a letter (DESIGN.md, "Semantics"). */
export function generateExecutionName(): string {
  let name = randomCharacter(NAME_LETTERS);
  for (let i = 1; i < EXECUTION_NAME_LENGTH; i++) name += randomCharacter(NAME_CHARACTERS);
  return name;
}

/** What launching needs of a launch plan version. */
interface LaunchablePlan {
  row: { workflow_name: string; workflow_version: string };
  expected: Record<string, ParameterOut>;
  fixed: Record<string, LiteralOut>;
}

/**
 * What launching an execution takes, from a CreateExecution request or a relaunched execution:
 * `launchPlan`'s blank project and domain are the execution's; a blank `name` is generated.
 */
interface Launch {
  project: string;
  domain: string;
  name: string;
  launchPlan: EntityIdFields | null | undefined;
  metadata: ExecutionMetadata | null | undefined;
  /** ExecutionSpec's annotations (checked by {@link checkAnnotations}). */
  annotations: Record<string, string> | null | undefined;
  /** The name of the execution a relaunch relaunched (same project and domain). */
  relaunchOf?: string;
  inputs: Record<string, LiteralOut>;
}

/** At most this many annotations per execution. */
export const MAX_ANNOTATIONS = 64;
/** An annotation key: letters, digits, `.`, `_`, `-` and `/`, starting and ending with a letter or digit; at most 253 characters. */
const ANNOTATION_KEY = /^[A-Za-z0-9](?:[A-Za-z0-9._/-]{0,251}[A-Za-z0-9])?$/;
/** The longest annotation value, in characters. */
const MAX_ANNOTATION_VALUE = 2048;

/**
 * Checks ExecutionSpec's annotations (the limits its proto comment gives).
 * @throws ServiceError InvalidArgument naming the first bad key or value, and the rule.
 */
function checkAnnotations(annotations: Record<string, string>): void {
  const entries = Object.entries(annotations);
  if (entries.length > MAX_ANNOTATIONS) {
    throw invalidArgument(
      `spec.annotations has ${entries.length} entries; at most ${MAX_ANNOTATIONS} are allowed`,
    );
  }
  for (const [key, value] of entries) {
    if (!ANNOTATION_KEY.test(key)) {
      throw invalidArgument(
        `spec.annotations key "${key.slice(0, 300)}" must be 1 to 253 letters, digits, '.', '_', '-' or '/', starting and ending with a letter or digit`,
      );
    }
    if (value.length > MAX_ANNOTATION_VALUE) {
      throw invalidArgument(
        `spec.annotations["${key}"] is ${value.length} characters long; at most ${MAX_ANNOTATION_VALUE} are allowed`,
      );
    }
  }
}

/** The handlers of AdminService's executions. */
export function executionHandlers(
  ctx: AdminContext,
): Pick<
  AdminHandlers,
  'CreateExecution' | 'GetExecution' | 'ListExecutions' | 'TerminateExecution' | 'RelaunchExecution'
> {
  const { repo, blobs, executor } = ctx;
  const launchPlanForLaunch = launchPlanCache(ctx);
  return {
    async CreateExecution(request, context) {
      return launch(
        ctx,
        launchPlanForLaunch,
        {
          project: request.project,
          domain: request.domain,
          name: request.name,
          launchPlan: request.spec?.launch_plan,
          // The relaunched execution is the server's to say: a client's is dropped.
          metadata: request.spec?.metadata && { ...request.spec.metadata, reference_execution: null },
          annotations: request.spec?.annotations,
          inputs: request.inputs?.literals ?? {},
        },
        context,
      );
    },
    async GetExecution(request) {
      return executionMessage(ctx, await loadExecution(ctx, request.id));
    },
    async ListExecutions(request) {
      const scope = listScope(request);
      const query = listQuery<'executions'>(request, EXECUTION_FIELDS);
      const page = await withPageToken(() => repo.listExecutions(scope, pageOf(request), query));
      return {
        executions: await Promise.all(page.rows.map((row) => executionMessage(ctx, row))),
        token: page.token,
      };
    },
    async TerminateExecution(request) {
      const row = await loadExecution(ctx, request.id);
      if (TERMINAL_PHASES.has(executionPhase(row.phase))) {
        throw failedPrecondition(`execution ${row.name} already ended ${row.phase}`);
      }
      const cause =
        typeof request.cause === 'string' && request.cause ? request.cause : 'terminated by request';
      if (cause.length > MAX_CAUSE_LENGTH)
        throw invalidArgument(
          `cause is ${cause.length} characters long; at most ${MAX_CAUSE_LENGTH} are allowed`,
        );
      if (!(await executor.abort(row.id, cause))) {
        const now = await repo.getExecutionById(row.id);
        throw failedPrecondition(`execution ${row.name} already ended ${now?.phase ?? ''}`);
      }
      return {};
    },
    async RelaunchExecution(request, context) {
      const row = await loadExecution(ctx, request.id);
      const launchPlan = {
        project: row.project,
        domain: row.domain,
        name: row.launch_plan_name,
        version: row.launch_plan_version,
      };
      const lpRow = await repo.getEntity('launch_plans', launchPlan);
      if (!lpRow) throw failedPrecondition(`the launch plan of execution ${row.name} no longer exists`);
      const fixed = fullMessage('orch.admin.v1.LaunchPlanSpec', JSON.parse(lpRow.spec)).fixed_inputs;
      const inputs = (await readInputs(blobs, row)).literals ?? {};
      for (const name of Object.keys(fixed?.literals ?? {})) delete inputs[name];
      const original = storedMessage('orch.admin.v1.ExecutionSpec', row.spec, 'executions.spec');
      return launch(
        ctx,
        launchPlanForLaunch,
        {
          project: row.project,
          domain: row.domain,
          name: typeof request.name === 'string' ? request.name : '',
          launchPlan,
          metadata: {
            mode: 'RELAUNCH',
            principal: '',
            reference_execution: { project: row.project, domain: row.domain, name: row.name, org: '' },
          },
          // A relaunch keeps the original's annotations (its pull request, its commit).
          annotations: original.annotations,
          relaunchOf: row.name,
          inputs,
        },
        context,
      );
    },
  };
}

/**
 * Records a new QUEUED execution of a launch plan version and submits it to the executor.
 * @throws ServiceError InvalidArgument for a bad name or inputs, NotFound for an unknown project or
 *   launch plan, AlreadyExists for a name taken.
 */
async function launch(
  ctx: AdminContext,
  launchPlanForLaunch: (key: EntityKey) => Promise<LaunchablePlan>,
  request: Launch,
  context: CallContext | undefined,
): Promise<ExecutionCreateResponse> {
  const { repo, blobs, executor } = ctx;
  const { project, domain } = request;
  await requireProject(ctx, project, domain);
  let name = request.name;
  if (name) {
    if (!NAME_PATTERN.test(name) || name.length > MAX_EXECUTION_NAME_LENGTH) {
      throw invalidArgument(
        `execution name "${name}" must match ${NAME_PATTERN.source} and be at most ${MAX_EXECUTION_NAME_LENGTH} characters`,
      );
    }
  } else {
    name = generateExecutionName();
  }
  const lpId = request.launchPlan;
  const lpKey = entityKey(
    lpId ? { ...lpId, project: lpId.project || project, domain: lpId.domain || domain } : null,
  );
  const lp = await launchPlanForLaunch(lpKey);
  const inputs = resolveInputs(lpKey.name, lp.expected, lp.fixed, request.inputs);
  const created = ctx.now();
  const inputsKey = `executions/${project}/${domain}/${name}.inputs.json`;
  // Small inputs live in the row; large ones in the blob store (storage/execution-data.ts).
  const inputsJson = JSON.stringify(minimalMessage('orch.core.v1.LiteralMap', { literals: inputs }));
  const inline = Buffer.byteLength(inputsJson) <= INLINE_INPUTS_LIMIT;
  // The principal is who the server authenticated, never what the request claims.
  const principal = context?.identity?.subject ?? request.metadata?.principal ?? '';
  const metadata = { ...request.metadata, mode: modeName(request.metadata?.mode), principal };
  const annotations = request.annotations ?? {};
  checkAnnotations(annotations);
  const spec = minimalMessage('orch.admin.v1.ExecutionSpec', {
    launch_plan: identifier('launch_plans', lpKey),
    metadata,
    annotations,
  });
  let id: number;
  try {
    id = await repo.insertExecution({
      project,
      domain,
      name,
      launch_plan_name: lpKey.name,
      launch_plan_version: lpKey.version,
      workflow_name: lp.row.workflow_name,
      workflow_version: lp.row.workflow_version,
      phase: 'QUEUED',
      spec: JSON.stringify(spec),
      inputs_key: inline ? '' : inputsKey,
      inputs_inline: inline ? inputsJson : null,
      outputs_key: null,
      error: null,
      created_at: created,
      updated_at: created,
      started_at: null,
      duration_ms: null,
      principal,
      launch_mode: metadata.mode,
      reference_execution: request.relaunchOf ?? '',
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw alreadyExists(`execution ${project}/${domain}/${name} already exists`);
    throw error;
  }
  // Large inputs are written after the row: a unique name is claimed first, so a lost race never
  // overwrites another execution's inputs. The executor starts only once the inputs are stored.
  if (!inline) {
    try {
      await blobs.put(inputsKey, inputsJson);
    } catch (error) {
      await repo.deleteExecution(id);
      throw error;
    }
  }
  executor.submit(id);
  return { id: { project, domain, name } };
}

/**
 * What launching needs of a launch plan version, parsed once: a registered version never changes
 * (only its active state does, which launching does not read). At most 1000 are kept.
 * @throws ServiceError NotFound for an unknown version.
 */
function launchPlanCache(ctx: AdminContext): (key: EntityKey) => Promise<LaunchablePlan> {
  const launchable = new Map<string, LaunchablePlan>();
  return async (key) => {
    const cacheKey = JSON.stringify([key.project, key.domain, key.name, key.version]);
    const cached = launchable.get(cacheKey);
    if (cached) return cached;
    const row = await ctx.repo.getEntity('launch_plans', key);
    if (!row) throw notFound(`${describe('launch_plans', key)} does not exist`);
    const spec = fullMessage('orch.admin.v1.LaunchPlanSpec', JSON.parse(row.spec));
    // The column holds full parameters (StoredLaunchPlanClosure); read back as the full message, checked.
    const closure = fullMessage(
      'orch.admin.v1.LaunchPlanClosure',
      storedMessage('orch.admin.v1.LaunchPlanClosure', row.closure, 'launch_plans.closure'),
    );
    const plan: LaunchablePlan = {
      row: { workflow_name: row.workflow_name, workflow_version: row.workflow_version },
      expected: closure.expected_inputs?.parameters ?? {},
      fixed: spec.fixed_inputs?.literals ?? {},
    };
    const oldest = launchable.keys().next();
    if (launchable.size >= 1000 && !oldest.done) launchable.delete(oldest.value);
    launchable.set(cacheKey, plan);
    return plan;
  };
}

/** The Execution message of a row (with its outputs or error once it ended). */
async function executionMessage(ctx: AdminContext, row: ExecutionRow): Promise<Execution> {
  const closure: ExecutionClosure = {
    phase: executionPhase(row.phase),
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
    workflow_id: {
      resource_type: 'WORKFLOW',
      project: row.project,
      domain: row.domain,
      name: row.workflow_name,
      version: row.workflow_version,
    },
  };
  if (row.started_at !== null) closure.started_at = timestamp(row.started_at);
  if (row.duration_ms !== null) closure.duration = durationFromSeconds(row.duration_ms / 1000);
  if (row.error) closure.error = storedMessage('orch.core.v1.ExecutionError', row.error, 'executions.error');
  else if (row.outputs_key) closure.outputs = await readLiterals(ctx, row.outputs_key);
  const spec = storedMessage('orch.admin.v1.ExecutionSpec', row.spec, 'executions.spec');
  // The mode from its column: specs stored before EXECUTION_MODE_UNSPECIFIED leave MANUAL out.
  return {
    id: { project: row.project, domain: row.domain, name: row.name },
    spec: { ...spec, metadata: { ...spec.metadata, mode: modeName(row.launch_mode) } },
    closure,
  };
}

/**
 * The inputs an execution runs with: fixed inputs, then given values, then defaults. Every problem
 * (unknown input, overriding a fixed input, missing required input, wrong type) is reported at once.
 * @throws ServiceError InvalidArgument.
 */
function resolveInputs(
  launchPlan: string,
  expected: Record<string, ParameterOut>,
  fixed: Record<string, LiteralOut>,
  given: Record<string, LiteralOut>,
): Record<string, LiteralOut> {
  const problems: string[] = [];
  const result: Record<string, LiteralOut> = { ...fixed };
  for (const [name, value] of Object.entries(given)) {
    const parameter = expected[name];
    if (fixed[name]) problems.push(`input "${name}" is fixed by the launch plan and cannot be overridden`);
    else if (!parameter) problems.push(`unknown input "${name}"`);
    else if (literalDepth(value) > MAX_NESTING_DEPTH)
      problems.push(`input "${name}" nests lists and maps deeper than ${MAX_NESTING_DEPTH} levels`);
    else {
      const type = fullMessage('orch.core.v1.LiteralType', parameter.var?.type);
      const mismatch = literalTypeMismatch(value, type);
      if (mismatch) problems.push(`input "${name}": ${mismatch}`);
      result[name] = value;
    }
  }
  for (const [name, parameter] of Object.entries(expected)) {
    if (name in result) continue;
    if (parameter.default) result[name] = parameter.default;
    else if (parameter.required) problems.push(`missing required input "${name}"`);
  }
  if (problems.length) throw invalidArgument(`launch plan ${launchPlan}: ${problems.join('; ')}`);
  return result;
}

/** Why `literal` does not fit `type` (by converting it through JSON against the type), or '' when it does. */
function literalTypeMismatch(literal: LiteralOut, type: LiteralTypeOut): string {
  try {
    literalFromJson(literalToJson(literal), type);
    return '';
  } catch (error) {
    if (error instanceof LiteralValueError) return error.message;
    throw error;
  }
}
