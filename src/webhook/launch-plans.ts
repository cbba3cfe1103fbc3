import { LRUCache } from 'lru-cache';
import { literalMapFromJson, literalMapToJson } from '../api/literals.js';
import type { LaunchPlanOut, LiteralMap, LiteralOut, VariableMap } from '../api/types.js';
import type { AdminCallOptions, AdminClient } from '../client/admin-client.js';
import type { LaunchPlanKey } from './idempotency.js';

/**
 * What launching needs of one launch plan version: its inputs, which of them are required, their
 * defaults and the launch plan's fixed inputs. Read from the admin's `closure.expected_inputs` (which
 * already leaves the fixed inputs out) and `spec.fixed_inputs`.
 */
export interface LaunchInterface {
  id: LaunchPlanKey;
  /** Input name to variable; a null-prototype object, so `constructor` or `__proto__` are not inputs. */
  variables: NonNullable<VariableMap['variables']>;
  /** Inputs the caller must give. */
  required: ReadonlySet<string>;
  /** Default values of optional inputs that have one. */
  defaults: Readonly<Record<string, LiteralOut>>;
  /** Inputs the launch plan fixes; a caller cannot set them. */
  fixed: Readonly<Record<string, LiteralOut>>;
}

/** Builds the {@link LaunchInterface} of a fetched launch plan. */
export function launchInterfaceOf(id: LaunchPlanKey, launchPlan: LaunchPlanOut): LaunchInterface {
  const parameters = launchPlan.closure?.expected_inputs?.parameters ?? {};
  const variables: NonNullable<VariableMap['variables']> = Object.create(null);
  const required = new Set<string>();
  const defaults: Record<string, LiteralOut> = Object.create(null);
  for (const [name, parameter] of Object.entries(parameters)) {
    variables[name] = { type: parameter.var?.type ?? null };
    if (parameter.required) required.add(name);
    if (parameter.default) defaults[name] = parameter.default;
  }
  return { id, variables, required, defaults, fixed: launchPlan.spec?.fixed_inputs?.literals ?? {} };
}

/**
 * Converts a request body to the launch's inputs.
 * @throws LiteralValueError listing every problem at once: unknown inputs (fixed inputs among them),
 * missing required inputs, values of the wrong type (spec, "Webhook request and response").
 */
export function inputsFromBody(plan: LaunchInterface, body: Record<string, unknown>): LiteralMap {
  return literalMapFromJson(body, { variables: plan.variables }, plan.required);
}

/**
 * The inputs an execution of `plan` runs with when `given` is sent, as plain JSON: the fixed inputs,
 * then the given values, then the defaults of what was not given (the admin's own resolution order).
 */
export function effectiveInputs(plan: LaunchInterface, given: LiteralMap): Record<string, unknown> {
  const literals = { ...plan.defaults, ...(given.literals ?? {}), ...plan.fixed };
  return literalMapToJson({ literals });
}

/**
 * Launch plan interfaces fetched once per project, domain, name and version and kept in an LRU of at
 * most `capacity` entries (`--orch.cache.maxItemsCount`, default 1000). A registered version never
 * changes, so entries need no expiry. Concurrent lookups of one version share one GetLaunchPlan call;
 * failures are not kept.
 */
export class LaunchPlanCache {
  /** Lookups by version, with the interface once fetched; none kept when the capacity is 0. */
  private readonly entries: LRUCache<string, CacheEntry> | undefined;
  constructor(
    private readonly client: Pick<AdminClient, 'getLaunchPlan'>,
    capacity: number,
  ) {
    this.entries = capacity > 0 ? new LRUCache({ max: capacity }) : undefined;
  }

  /**
   * The interface of a launch plan version. `options` (deadline, signal) go with the GetLaunchPlan
   * call when this lookup makes it; a lookup that joins one in flight shares that call as it is.
   * @throws AdminError subclasses of GetLaunchPlan (NotFoundError when it does not exist,
   *   CancelledError when the signal of the lookup that made the call aborted).
   */
  get(id: LaunchPlanKey, options: AdminCallOptions = {}): Promise<LaunchInterface> {
    const key = keyOf(id);
    const cached = this.entries?.get(key);
    if (cached) return cached.pending;
    const entry: CacheEntry = {
      pending: this.client.getLaunchPlan({ resource_type: 'LAUNCH_PLAN', ...id }, options).then(
        (launchPlan) => {
          entry.fetched = launchInterfaceOf(id, launchPlan);
          return entry.fetched;
        },
        (error: unknown) => {
          // A failed lookup leaves the cache before anyone sees it fail, so a retry makes a new call.
          if (this.entries?.peek(key) === entry) this.entries.delete(key);
          throw error;
        },
      ),
    };
    this.entries?.set(key, entry);
    return entry.pending;
  }

  /**
   * The interface of a launch plan version already fetched, without waiting (and counting as a use
   * for the LRU); undefined when it is not cached or its lookup is still under way.
   */
  peek(id: LaunchPlanKey): LaunchInterface | undefined {
    return this.entries?.get(keyOf(id))?.fetched;
  }
}

/** One cached lookup: the call's promise, and its interface once it answered. */
interface CacheEntry {
  pending: Promise<LaunchInterface>;
  fetched?: LaunchInterface;
}

/**
 * The cache key of a launch plan version: each part after its length, so that no two versions share
 * a key whatever characters their names hold.
 */
const keyOf = ({ project, domain, name, version }: LaunchPlanKey): string =>
  `${project.length}:${project}${domain.length}:${domain}${name.length}:${name}${version.length}:${version}`;
