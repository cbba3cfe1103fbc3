import { errorMessage } from '../api/guards.js';
import type { Identifier } from '../api/types.js';
import type { AdminClient } from '../client/admin-client.js';
import { AlreadyExistsError } from '../client/errors.js';
import type { CompiledEntities } from './compile.js';

/** The kinds of entity a registration reports, as `orch register` prints them (`[✔] Launch Plan: ...`). */
export type EntityKind = 'Task' | 'Workflow' | 'Launch Plan';

/** One registered entity, as reported to `onRegistered` and returned by {@link registerEntities}. */
export interface RegisteredEntity {
  kind: EntityKind;
  /** The entity name, `<file stem>.<name>`. */
  name: string;
  version: string;
  /** True when the admin service already held an identical entity (AlreadyExists counts as success). */
  alreadyExisted: boolean;
}

/**
 * Thrown by {@link registerEntities} when the admin service rejects an entity for any reason other
 * than AlreadyExists. The message names the entity kind and name; `cause` is the client's error
 * (an AdminError subclass from src/client/errors.ts, with its gRPC code and hint).
 */
export class RegistrationError extends Error {
  constructor(
    readonly kind: EntityKind,
    readonly entityName: string,
    cause: unknown,
  ) {
    const reason = errorMessage(cause);
    super(`registering ${kind.toLowerCase()} ${entityName} failed: ${reason}`, { cause });
    this.name = 'RegistrationError';
  }
}

type EntityClient = Pick<AdminClient, 'createTask' | 'createWorkflow' | 'createLaunchPlan'>;

/**
 * Registers compiled entities one at a time: tasks, then workflows, then launch plans, each list in
 * its order, so every entity is registered after what it refers to. An entity that already exists
 * with the same spec (AlreadyExists) counts as registered, so registering a file again succeeds
 * (DESIGN.md, "Semantics worth getting right").
 * @param onRegistered called after each entity, in order (for progress lines).
 * @returns every entity, in registration order.
 * @throws RegistrationError at the first entity rejected otherwise; nothing after it is registered.
 */
export async function registerEntities(
  client: EntityClient,
  entities: CompiledEntities,
  onRegistered: (entity: RegisteredEntity) => void = () => {},
): Promise<RegisteredEntity[]> {
  const steps: { kind: EntityKind; id: Identifier; create: () => Promise<void> }[] = [
    ...entities.tasks.map((t) => ({
      kind: 'Task' as const,
      id: t.id,
      create: () => client.createTask(t.id, t.spec),
    })),
    ...entities.workflows.map((w) => ({
      kind: 'Workflow' as const,
      id: w.id,
      create: () => client.createWorkflow(w.id, w.spec),
    })),
    ...entities.launchPlans.map((l) => ({
      kind: 'Launch Plan' as const,
      id: l.id,
      create: () => client.createLaunchPlan(l.id, l.spec),
    })),
  ];
  const registered: RegisteredEntity[] = [];
  for (const step of steps) {
    const name = step.id.name ?? '';
    let alreadyExisted = false;
    try {
      await step.create();
    } catch (error) {
      if (!(error instanceof AlreadyExistsError)) throw new RegistrationError(step.kind, name, error);
      alreadyExisted = true;
    }
    const entity: RegisteredEntity = {
      kind: step.kind,
      name,
      version: step.id.version ?? '',
      alreadyExisted,
    };
    registered.push(entity);
    onRegistered(entity);
  }
  return registered;
}
