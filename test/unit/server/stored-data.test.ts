import { describe, expect, test } from '@jest/globals';
import { columnValue, parseFilters } from '../../../src/server/db/filters.js';
import { BlobStore } from '../../../src/server/storage/blob-store.js';
import { readInputs, readLiteralMap, writeLiteralMap } from '../../../src/server/storage/execution-data.js';
import { MemBackend } from '../../../src/server/storage/mem-store.js';

function memStore(): BlobStore {
  return new BlobStore(new MemBackend(), {
    container: 'test',
    multiContainer: false,
    maxReadBytes: 1024 * 1024,
    cacheBytes: 0,
  });
}

describe('stored LiteralMaps', () => {
  test('a map written is read back, inline or from its blob; an empty one has no literals', async () => {
    const blobs = memStore();
    await blobs.init();
    const literals = { x: { scalar: { primitive: { integer: '2' } } } };
    await writeLiteralMap(blobs, 'inputs/a', literals);
    expect(await readLiteralMap(blobs, 'inputs/a')).toEqual({ literals });
    await writeLiteralMap(blobs, 'inputs/empty', {});
    expect(await readLiteralMap(blobs, 'inputs/empty')).toEqual({});
    const inline = JSON.stringify({ literals });
    expect(await readInputs(blobs, { inputs_key: '', inputs_inline: inline })).toEqual({ literals });
    expect(await readInputs(blobs, { inputs_key: 'inputs/a', inputs_inline: null })).toEqual({ literals });
  });

  test('anything but a LiteralMap is refused, naming where it was read', async () => {
    const blobs = memStore();
    await blobs.init();
    for (const text of ['[]', 'null', '3', '{"literals":[1]}', '{"literals":{"x":2}}']) {
      await blobs.put('bad', text);
      await expect(readLiteralMap(blobs, 'bad')).rejects.toThrow(/^blob bad does not hold a LiteralMap$/);
      await expect(readInputs(blobs, { inputs_key: '', inputs_inline: text })).rejects.toThrow(
        /^the execution's inputs does not hold a LiteralMap$/,
      );
    }
    await blobs.put('bad', '{');
    await expect(readLiteralMap(blobs, 'bad')).rejects.toThrow(SyntaxError);
  });
});

describe('list filters', () => {
  test('operators are checked by name; enum values map to what the column stores', () => {
    expect(parseFilters('eq(name,foo)+value_in(phase,A;B)')).toEqual([
      { op: 'eq', field: 'name', values: ['foo'], text: 'eq(name,foo)' },
      { op: 'value_in', field: 'phase', values: ['A', 'B'], text: 'value_in(phase,A;B)' },
    ]);
    expect(() => parseFilters('like(name,foo)')).toThrow(/unknown operator like/);
    expect(() => parseFilters('constructor(name,foo)')).toThrow(/unknown operator constructor/);
    const phase = { column: 'phase', kind: 'enum', values: { RUNNING: 3, QUEUED: 1 } } as const;
    expect(columnValue(phase, 'running', 't')).toBe(3);
    expect(() => columnValue(phase, 'toString', 't')).toThrow(/is not one of RUNNING, QUEUED/);
  });
});
