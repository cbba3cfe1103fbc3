import type { AdminClient } from '../client/admin-client.js';
import { AlreadyExistsError } from '../client/errors.js';
import type { CompiledEntities } from './compile.js';

/** The kinds of entity a registration reports, as the spec prints them (`[✔] Launch Plan: ...`). */
export type EntityKind = 'Task' | 'Workflow' | 'Launch Plan';

/** One registered entity. `alreadyExisted`: an identical one was there (AlreadyExists counts as success). */
export interface RegisteredEntity {
  kind: EntityKind;
  name: string;
  version: string;
  alreadyExisted: boolean;
}

/** Thrown when the admin service rejects an entity; names it, and keeps the AdminError as `cause`. */
export class RegistrationError extends Error {
  constructor(
    readonly kind: EntityKind,
    readonly entityName: string,
    cause: unknown,
  ) {
    super(
      `registering ${kind.toLowerCase()} ${entityName} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = 'RegistrationError';
  }
}

/**
 * Registers tasks, then workflows, then launch plans (each after what it refers to), in order.
 * An identical entity that already exists counts as registered, so registering a file again succeeds.
 * @param onRegistered called after each entity, in order (for progress lines).
 * @throws RegistrationError on the first entity the admin service rejects.
 */
export async function registerEntities(
  client: Pick<AdminClient, 'createTask' | 'createWorkflow' | 'createLaunchPlan'>,
  entities: CompiledEntities,
  onRegistered: (entity: RegisteredEntity) => void = () => {},
): Promise<RegisteredEntity[]> {
  const steps: { kind: EntityKind; id: { name?: string; version?: string }; create: () => Promise<void> }[] =
    [
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
    const entity = { kind: step.kind, name, version: step.id.version ?? '', alreadyExisted };
    registered.push(entity);
    onRegistered(entity);
  }
  return registered;
}
