import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Bits that give the group or others any access. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` (and any missing parent) a folder only its owner may enter: created with mode 0700,
 * and an existing one whose mode gives the group or others any access is tightened to 0700.
 * For orch's own data folders (the sandbox's `~/.orchctl/sandbox`, a server's data folder), which
 * hold the database, generated keys, code bundles and task data.
 * @returns the mode it had when it was tightened (e.g. `0o755`), else undefined
 * @throws the file system's error when it cannot be created or changed
 */
export function ensurePrivateDir(dir: string): number | undefined {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & SHARED_BITS) === 0) return undefined;
  chmodSync(dir, 0o700);
  return mode;
}

/**
 * Makes `file` a file only its owner may read or write: created empty with mode 0600 when missing
 * (`O_CREAT` with that mode, so it is never readable by others, not even for a moment), and an
 * existing one whose mode gives the group or others any access is tightened to 0600. SQLite gives
 * the `-wal` and `-shm` files it creates the mode of the database file.
 * @returns the mode it had when it was tightened, else undefined
 * @throws the file system's error when it cannot be created or changed
 */
export function ensurePrivateFile(file: string): number | undefined {
  closeSync(openSync(file, 'a', 0o600));
  const mode = statSync(file).mode & 0o777;
  if ((mode & SHARED_BITS) === 0) return undefined;
  chmodSync(file, 0o600);
  return mode;
}
