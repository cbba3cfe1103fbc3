import { isRecord } from '../../api/guards.js';
import type { LiteralMapOut, LiteralOut } from '../../api/types.js';
import { minimalMessage } from '../services/messages.js';
import type { BlobStore } from './blob-store.js';

/** Inputs up to this size (bytes of JSON) are kept in the execution's row instead of the blob store. */
export const INLINE_INPUTS_LIMIT = 16 * 1024;

/** Where an execution's inputs are: in its row (`inputs_inline`) or in the blob store (`inputs_key`). */
export interface InputsLocation {
  inputs_key: string;
  inputs_inline: string | null;
}

/**
 * Reads an execution's inputs wherever they are.
 * @throws Error when the blob is missing or does not hold a LiteralMap's JSON.
 */
export async function readInputs(blobs: BlobStore, row: InputsLocation): Promise<LiteralMapOut> {
  const text = row.inputs_inline ?? (await blobs.get(row.inputs_key)).toString('utf8');
  return parseLiteralMap(text, "the execution's inputs");
}

/**
 * Reads the LiteralMap stored as JSON at `key`.
 * @throws Error when the blob is missing or does not hold a LiteralMap's JSON.
 */
export async function readLiteralMap(blobs: BlobStore, key: string): Promise<LiteralMapOut> {
  return parseLiteralMap((await blobs.get(key)).toString('utf8'), `blob ${key}`);
}

/**
 * Whether `value` has a stored LiteralMap's shape: an object whose `literals`, when present (the
 * stored form leaves an empty map out), maps names to literal objects as {@link writeLiteralMap} wrote them.
 */
function isLiteralMap(value: unknown): value is LiteralMapOut {
  if (!isRecord(value)) return false;
  const { literals } = value;
  return literals === undefined || (isRecord(literals) && Object.values(literals).every(isRecord));
}

/**
 * The LiteralMap of stored JSON text; `where` names the text's place for the error.
 * @throws SyntaxError when the text is not JSON; Error when it is not a LiteralMap's JSON.
 */
function parseLiteralMap(text: string, where: string): LiteralMapOut {
  const value: unknown = JSON.parse(text);
  if (isLiteralMap(value)) return value;
  throw new Error(`${where} does not hold a LiteralMap`);
}

/** Stores `literals` at `key` as the JSON of a LiteralMap, with only the fields that are set. */
export function writeLiteralMap(
  blobs: BlobStore,
  key: string,
  literals: Record<string, LiteralOut> | Record<string, unknown>,
): Promise<void> {
  return blobs.put(key, JSON.stringify(minimalMessage('orch.core.v1.LiteralMap', { literals })));
}
