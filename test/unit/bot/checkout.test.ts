import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { create, Header, type HeaderData, Parser, type ReadEntry } from 'tar';
import type { ArchiveClient } from '../../../src/bot/checkout.js';

/** The type of each entry of a .tar.gz, by path. */
async function entryTypes(tgz: Buffer): Promise<Record<string, string>> {
  const types: Record<string, string> = {};
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      types[entry.path] = entry.type;
      entry.resume();
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(tgz);
  });
  return types;
}

// Checkouts go to a private temporary folder for this file, so the listings below see only the
// folders of these tests, whatever other suites run alongside.
const privateTmp = realpathSync(mkdtempSync(join(os.tmpdir(), 'orch-checkout-test-')));
jest.unstable_mockModule('node:os', () => ({
  ...os,
  default: { ...os, tmpdir: () => privateTmp },
  tmpdir: () => privateTmp,
}));
const { ArchiveTooLargeError, checkoutCommit } = await import('../../../src/bot/checkout.js');

const REF = { owner: 'octo', repo: 'hello', sha: '0123456789abcdef0123456789abcdef01234567' };

/** A fake REST client answering every tarball request with `data`, recording the requests. */
function archiveClient(data: () => unknown): ArchiveClient & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    async request(...args: unknown[]) {
      calls.push(args);
      return { data: data() };
    },
  };
}

/** One raw tar entry: a 512-byte header, then the data padded to a 512-byte block. */
function tarEntry(header: HeaderData, data = Buffer.alloc(0)): Buffer {
  const block = Buffer.alloc(512);
  new Header({ mode: 0o644, mtime: new Date(0), size: data.length, ...header }).encode(block, 0);
  return Buffer.concat([block, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

/** A .tar.gz of raw entries (with the two empty blocks that end a tar). */
const rawTarGz = (...entries: Buffer[]) => gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));

async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

let sources: string;
/** A repository archive as GitHub serves it: one top-level `octo-hello-0123456/` folder. */
let archive: Buffer;

/** The `orch-bot-*` folders in the temporary folder. */
const checkoutFolders = async () =>
  (await readdir(privateTmp)).filter((n) => n.startsWith('orch-bot-')).sort();

beforeAll(async () => {
  sources = join(privateTmp, 'sources');
  const top = join(sources, 'octo-hello-0123456');
  await mkdir(join(top, 'flows', 'nested'), { recursive: true });
  await writeFile(join(top, 'README.md'), '# hello\n');
  await writeFile(join(top, 'flows', 'wf.yaml'), 'name: wf\n');
  await writeFile(join(top, 'flows', 'nested', 'deep.txt'), 'deep');
  await writeFile(join(top, 'outside-target.txt'), 'not a link');
  await symlink('/etc/passwd', join(top, 'passwd-link'));
  await symlink('flows', join(top, 'flows-link'));
  archive = await collect(create({ gzip: true, cwd: sources, portable: true }, ['octo-hello-0123456']));
});

afterAll(async () => {
  await rm(privateTmp, { recursive: true, force: true });
});

describe('checkoutCommit', () => {
  test('asks for the tarball of the commit, unparsed', async () => {
    const client = archiveClient(() => Readable.from([archive]));
    const checkout = await checkoutCommit(client, REF);
    await checkout.remove();
    expect(client.calls).toEqual([
      [
        'GET /repos/{owner}/{repo}/tarball/{ref}',
        { owner: 'octo', repo: 'hello', ref: REF.sha, request: { parseSuccessResponseBody: false } },
      ],
    ]);
  });

  test.each([
    ['a Node stream', () => Readable.from([archive])],
    ['a web stream', () => Readable.toWeb(Readable.from([archive]))],
    ['a buffer', () => archive],
  ])('unpacks %s without the top-level folder', async (_what, data) => {
    const checkout = await checkoutCommit(archiveClient(data), REF);
    try {
      expect(dirname(checkout.dir)).toBe(privateTmp);
      expect((await readdir(checkout.dir, { recursive: true })).sort()).toEqual([
        'README.md',
        'flows',
        join('flows', 'nested'),
        join('flows', 'nested', 'deep.txt'),
        join('flows', 'wf.yaml'),
        'outside-target.txt',
      ]);
      expect(await readFile(join(checkout.dir, 'flows', 'wf.yaml'), 'utf8')).toBe('name: wf\n');
      expect(await readFile(join(checkout.dir, 'flows', 'nested', 'deep.txt'), 'utf8')).toBe('deep');
    } finally {
      await checkout.remove();
    }
  });

  test('symbolic links are not unpacked', async () => {
    const checkout = await checkoutCommit(
      archiveClient(() => Readable.from([archive])),
      REF,
    );
    try {
      // The archive does hold them ...
      expect(await entryTypes(archive)).toEqual(
        expect.objectContaining({
          'octo-hello-0123456/passwd-link': 'SymbolicLink',
          'octo-hello-0123456/flows-link': 'SymbolicLink',
        }),
      );
      // ... but nothing of them lands.
      await expect(lstat(join(checkout.dir, 'passwd-link'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(lstat(join(checkout.dir, 'flows-link'))).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await checkout.remove();
    }
  });

  test('hard links are not unpacked', async () => {
    const tgz = rawTarGz(
      tarEntry({ path: 'top/', type: 'Directory', mode: 0o755 }),
      tarEntry({ path: 'top/file.txt', type: 'File' }, Buffer.from('data')),
      tarEntry({ path: 'top/hard', type: 'Link', linkpath: 'top/file.txt' }),
      tarEntry({ path: 'top/sym', type: 'SymbolicLink', linkpath: '/etc/passwd' }),
    );
    const checkout = await checkoutCommit(
      archiveClient(() => Readable.from([tgz])),
      REF,
    );
    try {
      expect(await readdir(checkout.dir)).toEqual(['file.txt']);
      expect(await readFile(join(checkout.dir, 'file.txt'), 'utf8')).toBe('data');
    } finally {
      await checkout.remove();
    }
  });

  test('an entry with .. does not leave the folder: the checkout is refused and removed', async () => {
    const escapeName = `escape-${process.pid}.txt`;
    const tgz = rawTarGz(
      tarEntry({ path: 'top/', type: 'Directory', mode: 0o755 }),
      tarEntry({ path: 'top/ok.txt', type: 'File' }, Buffer.from('ok')),
      tarEntry({ path: `top/../../${escapeName}`, type: 'File' }, Buffer.from('bad')),
    );
    const before = await checkoutFolders();
    await expect(
      checkoutCommit(
        archiveClient(() => Readable.from([tgz])),
        REF,
      ),
    ).rejects.toThrow(/\.\./);
    expect(await checkoutFolders()).toEqual(before);
    expect(existsSync(join(privateTmp, escapeName))).toBe(false);
    expect(existsSync(join(dirname(privateTmp), escapeName))).toBe(false);
  });

  test('remove() deletes the folder', async () => {
    const before = await checkoutFolders();
    const checkout = await checkoutCommit(
      archiveClient(() => Readable.from([archive])),
      REF,
    );
    expect(await checkoutFolders()).toHaveLength(before.length + 1);
    await checkout.remove();
    expect(existsSync(checkout.dir)).toBe(false);
    expect(await checkoutFolders()).toEqual(before);
  });

  describe('limits', () => {
    /** An archive of `files` files of `size` bytes each, compressing well. */
    const bigArchive = (files: number, size: number) =>
      rawTarGz(
        tarEntry({ path: 'top/', type: 'Directory', mode: 0o755 }),
        ...Array.from({ length: files }, (_, i) =>
          tarEntry({ path: `top/f${i}.txt`, type: 'File' }, Buffer.alloc(size, 97)),
        ),
      );

    /** Expects the checkout to fail with ArchiveTooLargeError, leaving no folder behind. */
    async function expectTooLarge(data: () => unknown, limits: { maxBytes?: number; maxEntries?: number }) {
      const before = await checkoutFolders();
      const failure = checkoutCommit(archiveClient(data), REF, limits);
      await expect(failure).rejects.toBeInstanceOf(ArchiveTooLargeError);
      expect(await checkoutFolders()).toEqual(before);
    }

    test('an archive within the limits is unpacked', async () => {
      const tgz = bigArchive(5, 1000);
      const checkout = await checkoutCommit(
        archiveClient(() => Readable.from([tgz])),
        REF,
        {
          maxBytes: 5000,
          maxEntries: 6,
        },
      );
      try {
        expect(await readdir(checkout.dir)).toHaveLength(5);
      } finally {
        await checkout.remove();
      }
    });

    test('an archive unpacking to more than maxBytes is refused', async () => {
      const tgz = bigArchive(1, 100_000);
      // Small on the wire, large unpacked: the unpacked size is what is over.
      expect(tgz.length).toBeLessThan(10_000);
      await expectTooLarge(() => Readable.from([tgz]), { maxBytes: 10_000 });
    });

    test('an archive larger than maxBytes on the wire is refused', async () => {
      await expectTooLarge(() => Readable.from([archive]), { maxBytes: Math.floor(archive.length / 2) });
    });

    test('an archive of more than maxEntries entries is refused', async () => {
      await expectTooLarge(() => Readable.from([bigArchive(50, 10)]), { maxEntries: 20 });
    });

    test('links do not count as entries', async () => {
      const tgz = rawTarGz(
        tarEntry({ path: 'top/', type: 'Directory', mode: 0o755 }),
        tarEntry({ path: 'top/a', type: 'File' }, Buffer.from('a')),
        ...Array.from({ length: 10 }, (_, i) =>
          tarEntry({ path: `top/l${i}`, type: 'SymbolicLink', linkpath: 'a' }),
        ),
      );
      const checkout = await checkoutCommit(
        archiveClient(() => Readable.from([tgz])),
        REF,
        { maxEntries: 2 },
      );
      try {
        expect(await readdir(checkout.dir)).toEqual(['a']);
      } finally {
        await checkout.remove();
      }
    });

    test('a refused archive streamed in many chunks leaves no folder behind', async () => {
      const tgz = bigArchive(300, 2000);
      const chunks = Array.from({ length: Math.ceil(tgz.length / 64) }, (_, i) =>
        tgz.subarray(i * 64, (i + 1) * 64),
      );
      await expectTooLarge(() => Readable.from(chunks), { maxEntries: 150 });
      await expectTooLarge(() => Readable.from(chunks), { maxBytes: 300_000 });
      // Nothing is written into the removed folder after the refusal either.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await checkoutFolders()).toEqual([]);
    });
  });
});
