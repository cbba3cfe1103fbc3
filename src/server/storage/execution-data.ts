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

/** Reads an execution's inputs wherever they are. @throws Error when the blob is missing. */
export async function readInputs(blobs: BlobStore, row: InputsLocation): Promise<LiteralMapOut> {
  const text = row.inputs_inline ?? (await blobs.get(row.inputs_key)).toString('utf8');
  return JSON.parse(text) as LiteralMapOut;
}

/** Reads the LiteralMap stored as JSON at `key`. @throws Error when the blob is missing. */
export async function readLiteralMap(blobs: BlobStore, key: string): Promise<LiteralMapOut> {
  return JSON.parse((await blobs.get(key)).toString('utf8')) as LiteralMapOut;
}

/** Stores `literals` at `key` as the JSON of a LiteralMap, with only the fields that are set. */
export function writeLiteralMap(
  blobs: BlobStore,
  key: string,
  literals: Record<string, LiteralOut> | Record<string, unknown>,
): Promise<void> {
  return blobs.put(key, JSON.stringify(minimalMessage('orch.core.LiteralMap', { literals })));
}
