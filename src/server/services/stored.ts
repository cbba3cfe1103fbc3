import { _orch_core_v1_NodeExecution_Phase } from '../../api/generated/orch/core/v1/NodeExecution.js';
import { _orch_core_v1_WorkflowExecution_Phase } from '../../api/generated/orch/core/v1/WorkflowExecution.js';
import type { MessageIn, MessageName } from '../../api/proto.js';
import type { ExecutionPhase } from '../../api/types.js';

/** The phases of a node execution and of a task attempt. */
type NodePhase = keyof typeof _orch_core_v1_NodeExecution_Phase;

/**
 * Decoders of what the admin's own database holds as text: JSON columns (specs, closures, errors,
 * labels), written by the services from message objects, and enum names. They are the untyped edge
 * between a row and a message, checked here; a row that fails the check is a server fault.
 */

/**
 * The message object a JSON column holds, typed as the generated sender form of `typeName` (fields
 * optional), since the services write these columns from `minimalMessage` of that type (documented on
 * each table in `db/schema.ts`).
 * @param typeName the message the column was written from, e.g. `orch.admin.v1.TaskClosure`.
 * @param column `table.column`, for the error (which names `typeName` too).
 * @throws Error when the text is not JSON of an object.
 */
export function storedMessage<N extends MessageName>(
  typeName: N,
  text: string,
  column: string,
): MessageIn<N> {
  const value = storedObject(text, `${column} (${typeName})`);
  // Written by minimalMessage(typeName, ...) into this column; read back as that message's sender form.
  return value as MessageIn<N>;
}

/**
 * A map of strings a JSON column holds (labels), checked value by value.
 * @param column `table.column`, for the error.
 * @throws Error when the text is not a JSON object of strings.
 */
export function storedStrings(text: string, column: string): Record<string, string> {
  const value = storedObject(text, column);
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string')
      throw new Error(`${column} holds a ${typeof item} at "${key}", not a string`);
    out[key] = item;
  }
  return out;
}

function storedObject(text: string, column: string): object {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${column} does not hold a JSON object`);
  }
  return value;
}

/**
 * A name of a generated enum (`{NAME: 'NAME', ...}`), checked.
 * @param column `table.column`, for the error.
 * @throws Error when `value` is none of its names.
 */
export function storedEnum<Name extends string>(
  names: Readonly<Record<Name, string>>,
  value: string,
  column: string,
): Name {
  if (!isName(names, value)) throw new Error(`${column} holds "${value}", which is not a known value`);
  return value;
}

function isName<Name extends string>(names: Readonly<Record<Name, string>>, value: string): value is Name {
  return Object.hasOwn(names, value);
}

/** An execution's stored phase (`executions.phase`). @throws Error when it is no phase. */
export function executionPhase(phase: string): ExecutionPhase {
  return storedEnum(_orch_core_v1_WorkflowExecution_Phase, phase, 'executions.phase');
}

/** A node's or task attempt's stored phase (a NodeExecution.Phase name). @throws Error when it is none. */
export function nodePhase(phase: string, column = 'node_executions.phase'): NodePhase {
  return storedEnum(_orch_core_v1_NodeExecution_Phase, phase, column);
}
