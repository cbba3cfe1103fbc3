import type { LaunchPlanClosure } from '../../api/generated/orch/admin/v1/LaunchPlanClosure.js';
import type { Parameter__Output as ParameterOut } from '../../api/generated/orch/core/v1/Parameter.js';
import type { Variable__Output as VariableOut } from '../../api/generated/orch/core/v1/Variable.js';
import { MAX_NESTING_DEPTH } from '../../api/limits.js';
import { literalDepth } from '../../api/literals.js';
import type {
  LaunchPlan,
  LaunchPlanSpecOut,
  LiteralOut,
  ParameterMapOut,
  VariableMap,
} from '../../api/types.js';
import { CronSyntaxError, parseCron } from '../../config/cron.js';
import type { FieldSpec } from '../db/filters.js';
import type { EntityKey } from '../db/repository.js';
import { invalidArgument, notFound } from '../errors.js';
import {
  type AdminContext,
  type AdminHandlers,
  createEntity,
  describe,
  ENTITY_FIELDS,
  entityKey,
  entityReaders,
  identifier,
} from './admin-context.js';
import { fullMessage } from './messages.js';
import { isUnset, requireDomain, requireText, timestamp } from './requests.js';
import { storedMessage } from './stored.js';

const LAUNCH_PLAN_FIELDS: Readonly<Record<string, FieldSpec>> = {
  ...ENTITY_FIELDS,
  state: { column: 'state', kind: 'enum', values: { INACTIVE: 0, ACTIVE: 1 } },
  'workflow.name': { column: 'workflow_name', kind: 'text' },
  'workflow.version': { column: 'workflow_version', kind: 'text' },
};

/**
 * What CreateLaunchPlan stores as a launch plan's closure (`launch_plans.closure`): the inputs a
 * launch may or must give (full messages: each with its variable and a default, or `required`),
 * and the workflow's outputs.
 */
export interface StoredLaunchPlanClosure {
  expected_inputs: { parameters: Record<string, ParameterOut> };
  expected_outputs: VariableMap;
  /** Who registered the version (see the proto's LaunchPlanClosure.registered_by). */
  registered_by: string;
}

/** The handlers of AdminService's launch plans. */
export function launchPlanHandlers(
  ctx: AdminContext,
): Pick<
  AdminHandlers,
  | 'CreateLaunchPlan'
  | 'GetLaunchPlan'
  | 'ListLaunchPlans'
  | 'ListLaunchPlanIds'
  | 'UpdateLaunchPlan'
  | 'GetActiveLaunchPlan'
> {
  const { repo } = ctx;
  const read = entityReaders(
    ctx,
    'launch_plans',
    launchPlanMessage,
    (launch_plans, token) => ({ launch_plans, token }),
    LAUNCH_PLAN_FIELDS,
  );
  return {
    async CreateLaunchPlan(request, context) {
      const key = entityKey(request.id);
      const spec = fullMessage('orch.admin.v1.LaunchPlanSpec', request.spec);
      const workflowKey = entityKey(
        spec.workflow_id
          ? {
              ...spec.workflow_id,
              project: spec.workflow_id.project || key.project,
              domain: spec.workflow_id.domain || key.domain,
            }
          : null,
      );
      const workflowRow = await repo.getEntity('workflows', workflowKey);
      if (!workflowRow)
        throw invalidArgument(
          `launch plan ${key.name}: ${describe('workflows', workflowKey)} does not exist`,
        );
      const compiled = storedMessage(
        'orch.admin.v1.WorkflowClosure',
        workflowRow.closure,
        'workflows.closure',
      );
      const iface = fullMessage('orch.core.v1.CompiledWorkflowClosure', compiled.compiled_workflow).primary
        ?.template?.interface;
      const inputs = iface?.inputs?.variables ?? {};
      checkLaunchPlanInputs(key.name, inputs, spec);
      const cron = spec.schedule?.cron_schedule?.schedule;
      if (cron !== undefined && cron !== '') {
        try {
          parseCron(cron);
        } catch (error) {
          if (error instanceof CronSyntaxError)
            throw invalidArgument(`launch plan ${key.name}: schedule: ${error.message}`);
          throw error;
        }
      }
      const closure: StoredLaunchPlanClosure = {
        expected_inputs: { parameters: expectedInputs(inputs, spec) },
        expected_outputs: iface?.outputs ?? { variables: {} },
        registered_by: context?.identity?.subject ?? '',
      };
      await createEntity(
        ctx,
        'launch_plans',
        key,
        { ...spec, workflow_id: identifier('workflows', workflowKey) },
        closure,
        { workflow_name: workflowKey.name, workflow_version: workflowKey.version, state: 0 },
      );
      return {};
    },
    GetLaunchPlan: read.get,
    ListLaunchPlans: read.list,
    ListLaunchPlanIds: read.ids,
    async UpdateLaunchPlan(request) {
      const key = entityKey(request.id);
      const name = launchPlanStateName(request.state);
      const state = Object.hasOwn(STORED_STATE_OF, name) ? STORED_STATE_OF[name] : undefined;
      if (state === undefined)
        throw invalidArgument(
          isUnset(request.state)
            ? 'state is required: ACTIVE or INACTIVE'
            : `state ${String(request.state)} is not one of ACTIVE, INACTIVE`,
        );
      if (!(await repo.setLaunchPlanState(key, state, ctx.now())))
        throw notFound(`${describe('launch_plans', key)} does not exist`);
      return {};
    },
    async GetActiveLaunchPlan(request) {
      const scope = {
        project: requireText(request.id?.project, 'id.project'),
        domain: requireDomain(request.id?.domain, 'id.domain'),
        name: requireText(request.id?.name, 'id.name'),
      };
      const row = await repo.getActiveLaunchPlan(scope);
      if (!row)
        throw notFound(`launch plan ${scope.project}/${scope.domain}/${scope.name} has no active version`);
      return launchPlanMessage(row);
    },
  };
}

/**
 * Checks a launch plan's fixed and default inputs against its workflow's: every one is an input, none
 * both fixed and defaulted, none nested deeper than {@link MAX_NESTING_DEPTH}.
 * @throws ServiceError InvalidArgument naming every problem.
 */
function checkLaunchPlanInputs(
  launchPlan: string,
  inputs: Record<string, VariableOut>,
  spec: LaunchPlanSpecOut,
): void {
  const fixed = spec.fixed_inputs?.literals ?? {};
  const defaults = spec.default_inputs?.parameters ?? {};
  const problems: string[] = [];
  for (const name of [...Object.keys(fixed), ...Object.keys(defaults)]) {
    if (!inputs[name]) problems.push(`"${name}" is not an input of the workflow`);
  }
  for (const name of Object.keys(fixed)) {
    if (defaults[name]) problems.push(`"${name}" is both fixed and defaulted`);
  }
  const literals: [string, LiteralOut | null | undefined][] = [
    ...Object.entries(fixed),
    ...Object.entries(defaults).map(([name, p]): [string, LiteralOut | null | undefined] => [
      name,
      p.default,
    ]),
  ];
  for (const [name, literal] of literals) {
    if (literalDepth(literal) > MAX_NESTING_DEPTH)
      problems.push(`"${name}" nests lists and maps deeper than ${MAX_NESTING_DEPTH} levels`);
  }
  if (problems.length) throw invalidArgument(`launch plan ${launchPlan} is invalid: ${problems.join('; ')}`);
}

/** The inputs a launch may give: the workflow's, less the fixed ones, each with its default or `required`. */
function expectedInputs(
  inputs: Record<string, VariableOut>,
  spec: LaunchPlanSpecOut,
): Record<string, ParameterOut> {
  const fixed = spec.fixed_inputs?.literals ?? {};
  const defaults: ParameterMapOut['parameters'] = spec.default_inputs?.parameters ?? {};
  const expected: Record<string, ParameterOut> = {};
  for (const [name, variable] of Object.entries(inputs)) {
    if (fixed[name]) continue;
    const given = defaults[name];
    if (given?.default) expected[name] = { var: variable, default: given.default };
    else expected[name] = { var: variable, required: !variable.type?.optional };
  }
  return expected;
}

/** The LaunchPlan message of a row. */
function launchPlanMessage(
  row: { spec: string; closure: string; created_at: number } & EntityKey,
): LaunchPlan {
  const closure: LaunchPlanClosure = storedMessage(
    'orch.admin.v1.LaunchPlanClosure',
    row.closure,
    'launch_plans.closure',
  );
  return {
    id: identifier('launch_plans', row),
    spec: storedMessage('orch.admin.v1.LaunchPlanSpec', row.spec, 'launch_plans.spec'),
    closure: {
      ...closure,
      state: launchPlanState(row),
      created_at: timestamp(row.created_at),
      updated_at: timestamp(row.created_at),
    },
  };
}

/**
 * The LaunchPlanState names of the numbers `launch_plans.state` stores (0 inactive, 1 active: the
 * table's own numbers, not the wire's, where 0 is LAUNCH_PLAN_STATE_UNSPECIFIED).
 */
const STORED_LAUNCH_PLAN_STATES = ['INACTIVE', 'ACTIVE'] as const;

/** The number `launch_plans.state` stores for each settable LaunchPlanState name. */
const STORED_STATE_OF: Readonly<Record<string, number | undefined>> = { INACTIVE: 0, ACTIVE: 1 };

/** The LaunchPlanState numbers on the wire (proto/orch/admin/v1/launch_plan.proto), by name. */
const WIRE_LAUNCH_PLAN_STATES = ['LAUNCH_PLAN_STATE_UNSPECIFIED', 'INACTIVE', 'ACTIVE'] as const;

/** A requested state as a LaunchPlanState name: its name, or its wire number (from JSON callers). */
function launchPlanStateName(state: unknown): string {
  return typeof state === 'number' ? (WIRE_LAUNCH_PLAN_STATES[state] ?? '') : String(state ?? '');
}

/**
 * A launch plan row's state, as its LaunchPlanState name (`Repository.listEntities` types its rows
 * as any entity's, without it). @throws Error when the row has none.
 */
function launchPlanState(row: object): (typeof STORED_LAUNCH_PLAN_STATES)[number] {
  const state = 'state' in row ? row.state : undefined;
  if (state === 0 || state === 1) return STORED_LAUNCH_PLAN_STATES[state];
  throw new Error(`launch_plans.state holds ${String(state)}, which is not a LaunchPlanState`);
}
