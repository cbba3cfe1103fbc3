import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** Where {@link requireWithCodeCache} keeps V8's compiled code, and under which name. */
export interface CodeCacheOptions {
  /**
   * The cache folder, made with mode 0700 when missing; a folder that is not this user's alone (or
   * not a folder) is not used. Undefined: no cache, the file is compiled as usual.
   */
  dir: string | undefined;
  /**
   * Tells apart the caches of one file run different ways (a CLI's command group): a cache holds
   * the code of the functions its first run compiled, so `--help` and `get` each keep their own.
   * Letters, digits and `-` only; anything else is replaced.
   */
  variant: string;
}

/** The wrapper Node puts around a CommonJS module's source. */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) { ';
const WRAP_TAIL = '\n});';

/** Whether `path` exists, is of the kind asked, belongs to this user and no one else may write it. */
function ownPrivate(path: string, kind: 'dir' | 'file'): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return false;
  try {
    const stat = lstatSync(path);
    const right = kind === 'dir' ? stat.isDirectory() : stat.isFile();
    return right && stat.uid === uid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** The cached code at `file` when it and its folder are this user's alone; else undefined. */
function readCache(dir: string, file: string): Buffer | undefined {
  if (!ownPrivate(dir, 'dir') || !ownPrivate(file, 'file')) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes `data` to `file` through a private temporary file and a rename, and removes the caches of
 * other versions of the same source (`stale`: their names start with its prefix but are not of this
 * version); failures are ignored.
 */
function writeCache(dir: string, file: string, data: Buffer, stale: { prefix: string; keep: string }): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!ownPrivate(dir, 'dir')) return;
    writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    for (const name of readdirSync(dir)) {
      if (name.startsWith(stale.prefix) && !name.startsWith(stale.keep))
        rmSync(join(dir, name), { force: true });
    }
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * Loads the CommonJS file `file` (a bundle) as `require` would, with V8's code cache: the first run
 * compiles it and, when the process exits, stores the code of every function it compiled (the
 * top-level code and what the run called) in `options.dir`; later runs of the same file hand that
 * code to V8 instead of parsing and compiling again. This is what Node 22's `enableCompileCache`
 * does for its modules, but for the functions a run actually used, and on Node 20 too.
 *
 * The cache file's name holds a SHA-256 of the source, Node's version and the architecture, so a
 * changed bundle or another Node never gets old code (V8 itself checks only the source's length). A
 * cache that V8 rejects is written again. Cache files are read only from a folder and as files that
 * belong to this user and that no one else may write: compiled code from elsewhere would run as it.
 * Never throws for the cache: one that cannot be read or written only costs speed.
 * @returns the module's `exports`.
 * @throws whatever loading the module itself throws.
 */
export function requireWithCodeCache(file: string, options: CodeCacheOptions): unknown {
  const source = readFileSync(file, 'utf8');
  const { dir } = options;
  let cacheFile: string | undefined;
  let cachedData: Buffer | undefined;
  let stale = { prefix: '', keep: '' };
  if (dir) {
    const digest = createHash('sha256')
      .update(source)
      .update(`\0${process.version}\0${process.arch}`)
      .digest('hex')
      .slice(0, 20);
    const variant = options.variant.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 40) || 'default';
    cacheFile = join(dir, `${basename(file)}-${digest}-${variant}.v8`);
    stale = { prefix: `${basename(file)}-`, keep: `${basename(file)}-${digest}-` };
    cachedData = readCache(dir, cacheFile);
  }
  const script = new Script(`${WRAP_HEAD}${source}${WRAP_TAIL}`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  if (dir && cacheFile && (!cachedData || script.cachedDataRejected)) {
    const target = cacheFile;
    const versions = stale;
    process.once('exit', () => writeCache(dir, target, script.createCachedData(), versions));
  }
  const wrapper: unknown = script.runInThisContext();
  if (typeof wrapper !== 'function') throw new Error(`${file} did not compile to a module wrapper`);
  const module: { exports: unknown } = { exports: {} };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}
