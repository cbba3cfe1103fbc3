/**
 * Which process listens on a loopback TCP port, told apart by process group.
 *
 * A connection that succeeds on 127.0.0.1:<port> proves only that *something* listens there. The
 * app runtime needs to know that the listener is the app it started: each revision leads its own
 * process group (see `spawnTethered`), so the question is whether a process of that group holds the
 * listening socket. On Linux the kernel answers it through `/proc`:
 *
 * 1. `/proc/net/tcp` and `/proc/net/tcp6` list every socket with its local address, its state (`0A`
 *    is LISTEN) and its inode. The sockets that matter are the LISTEN ones on the port that take
 *    connections to 127.0.0.1: bound to 127.0.0.1, 0.0.0.0, `::` or `::ffff:127.0.0.1`.
 * 2. `/proc/<pid>/stat` gives each process's group (its fifth field, after the parenthesised command).
 * 3. `/proc/<pid>/fd/*` of the group's processes link to `socket:[<inode>]` for the sockets they hold.
 *
 * Elsewhere (no `/proc/net/tcp`) the answer is `unknown` and callers fall back to connecting, which
 * cannot tell the app from another program on the same port.
 *
 * Only processes of this server's own user can be inspected (`/proc/<pid>/fd` is private); the app's
 * processes always are, since this server starts them. A process that leaves the group (`setsid`) is
 * no longer the app's, to this module as to the tether that stops the group.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { endianness } from 'node:os';

/** Who listens on a loopback port, as seen from one process group. */
export type PortOwnership =
  /** This platform has no socket table to read (not Linux): only a connection can tell. */
  | { state: 'unknown' }
  /** Nothing listens on the port for connections to 127.0.0.1. */
  | { state: 'free' }
  /** A process of the group holds a listening socket on the port. */
  | { state: 'own' }
  /** Listening sockets on the port (their inodes), none of them held by the group. */
  | { state: 'other'; inodes: number[] };

/** A process that holds one of a port's listening sockets. */
export interface SocketHolder {
  pid: number;
  /**
   * Its program's name: the base name of its first argument (`/proc/<pid>/cmdline`), e.g. `node`, else
   * its thread name (`/proc/<pid>/comm`, which Node 24 sets to `MainThread`).
   */
  command: string;
  /** Its process group. */
  pgid: number;
}

const PROC = '/proc';
const LISTEN = '0A';

/**
 * The inodes of the LISTEN sockets on TCP `port` (1-65535) that take connections to 127.0.0.1:
 * bound to 127.0.0.1 or 0.0.0.0 (`/proc/net/tcp`), or to `::` or `::ffff:127.0.0.1` (`/proc/net/tcp6`).
 * Resolves with undefined when neither table can be read (not Linux); never rejects.
 */
export async function loopbackListeners(port: number): Promise<Set<number> | undefined> {
  const tables = await Promise.all(
    ['tcp', 'tcp6'].map((name) => readFile(`${PROC}/net/${name}`, 'utf8').catch(() => undefined)),
  );
  if (tables.every((table) => table === undefined)) return undefined;
  const inodes = new Set<number>();
  for (const table of tables) {
    for (const line of (table ?? '').split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode ...
      const fields = line.trim().split(/\s+/);
      const [address, hexPort] = (fields[1] ?? '').split(':');
      if (fields[3] !== LISTEN || !address || Number.parseInt(hexPort ?? '', 16) !== port) continue;
      const inode = Number(fields[9]);
      if (inode > 0 && takesLoopback(address)) inodes.add(inode);
    }
  }
  return inodes;
}

/**
 * Whether a socket bound to `hex` (an address as `/proc/net/tcp{,6}` prints it: 8 or 32 hex digits,
 * each 32-bit word in this machine's byte order) accepts connections to 127.0.0.1.
 */
function takesLoopback(hex: string): boolean {
  const bytes = Buffer.alloc(hex.length / 2);
  for (let word = 0; word < hex.length / 8; word += 1) {
    const value = Number.parseInt(hex.slice(word * 8, word * 8 + 8), 16);
    if (endianness() === 'LE') bytes.writeUInt32LE(value, word * 4);
    else bytes.writeUInt32BE(value, word * 4);
  }
  const loopback = [127, 0, 0, 1];
  const same = (at: number, expected: number[]) => expected.every((b, i) => bytes[at + i] === b);
  if (bytes.length === 4) return bytes.every((b) => b === 0) || same(0, loopback);
  if (bytes.every((b) => b === 0)) return true; // ::, which also takes IPv4 unless IPV6_V6ONLY
  return same(0, new Array(10).fill(0)) && same(10, [0xff, 0xff]) && same(12, loopback);
}

/**
 * The process group of process `pid` (`/proc/<pid>/stat`), or undefined when it is gone or a zombie
 * (it holds no descriptors any more).
 */
async function groupOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`${PROC}/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
  const pgrp = Number(fields[2]);
  return Number.isInteger(pgrp) ? pgrp : undefined;
}

/** The pids of every running process, read from `/proc` (empty when it cannot be read). */
async function allPids(): Promise<number[]> {
  const names = await readdir(PROC).catch((): string[] => []);
  return names.filter((name) => /^\d+$/.test(name)).map(Number);
}

/** The pids of the running processes of group `pgid` (its leader first, when it is still running). */
export async function groupMembers(pgid: number): Promise<number[]> {
  const pids = await allPids();
  const groups = await Promise.all(pids.map(groupOf));
  const members = pids.filter((_, i) => groups[i] === pgid);
  return members.sort((a, b) => (a === pgid ? -1 : b === pgid ? 1 : a - b));
}

/** Whether process `pid` has an open descriptor on one of the sockets `inodes`; false when unreadable. */
async function holdsSocket(pid: number, inodes: ReadonlySet<number>): Promise<boolean> {
  const fds = await readdir(`${PROC}/${pid}/fd`).catch((): string[] => []);
  for (const fd of fds) {
    const target = await readlink(`${PROC}/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(Number(inode))) return true;
  }
  return false;
}

/**
 * Whether a process of group `pgid` (its leader's pid) holds one of the sockets `inodes`.
 * The leader is looked at first, since an app's server is usually the process the runtime started.
 */
export async function groupHolds(pgid: number, inodes: ReadonlySet<number>): Promise<boolean> {
  if (inodes.size === 0) return false;
  if ((await groupOf(pgid)) === pgid && (await holdsSocket(pgid, inodes))) return true;
  for (const pid of await groupMembers(pgid)) {
    if (pid !== pgid && (await holdsSocket(pid, inodes))) return true;
  }
  return false;
}

/**
 * Who listens on 127.0.0.1:`port` (1-65535) from the point of view of process group `pgid` (the pid
 * of its leader; undefined when the caller has no group, to learn only whether the port is free).
 * `own` needs the socket to be held by a process of the group right now: a port held by another
 * program, or by a process of the group that has since exited, is not the group's. Never rejects.
 */
export async function portOwnership(port: number, pgid: number | undefined): Promise<PortOwnership> {
  const inodes = await loopbackListeners(port);
  if (!inodes) return { state: 'unknown' };
  if (inodes.size === 0) return { state: 'free' };
  if (pgid !== undefined && (await groupHolds(pgid, inodes))) return { state: 'own' };
  return { state: 'other', inodes: [...inodes] };
}

/** The program name of process `pid` (see {@link SocketHolder.command}); `?` when it cannot be read. */
async function commandOf(pid: number): Promise<string> {
  const argv0 = (await readFile(`${PROC}/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0')[0] ?? '';
  const name = argv0.slice(argv0.lastIndexOf('/') + 1);
  if (name) return name;
  return (await readFile(`${PROC}/${pid}/comm`, 'utf8').catch(() => '?')).trim() || '?';
}

/**
 * The processes this server's user may inspect that hold one of the sockets `inodes` (from
 * {@link portOwnership}'s `other`), to name them in a message; processes of other users are not
 * listed. Reads every process's descriptors: meant for an error path, not for polling.
 */
export async function socketHolders(inodes: readonly number[]): Promise<SocketHolder[]> {
  const wanted = new Set(inodes);
  const holders: SocketHolder[] = [];
  for (const pid of await allPids()) {
    if (!(await holdsSocket(pid, wanted))) continue;
    holders.push({ pid, command: await commandOf(pid), pgid: (await groupOf(pid)) ?? pid });
  }
  return holders;
}
