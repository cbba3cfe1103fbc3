// A throw-away PostgreSQL server for the test run: initdb into a temp folder, pg_ctl start on a free
// port, stopped and removed at the end. Plain JavaScript because Jest loads global setup untransformed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder holding initdb and pg_ctl (PATH, else Debian's /usr/lib/postgresql/<v>/bin), if any. */
export function postgresBinDir() {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return join(which.stdout.trim(), '..');
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
    const bin = join(base, version, 'bin');
    if (existsSync(join(bin, 'initdb'))) return bin;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function runPg(bin, args) {
  const asRoot = process.getuid?.() === 0;
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts a cluster (about a second); resolves to {host, port, dataDir}. */
export async function startPostgresCluster() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (no initdb on PATH or under /usr/lib/postgresql)');
  const dataDir = await mkdtemp(join(tmpdir(), 'orch-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    await chown(dataDir, uid, gid);
  }
  const port = await freePort();
  runPg(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const settings = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  runPg(join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dataDir, 'server.log'),
    '-o',
    settings,
    '-w',
    'start',
  ]);
  return { host: '127.0.0.1', port, dataDir };
}

/** Stops a cluster from startPostgresCluster and removes its files. */
export async function stopPostgresCluster(cluster) {
  const bin = postgresBinDir();
  if (bin) runPg(join(bin, 'pg_ctl'), ['-D', cluster.dataDir, '-m', 'immediate', 'stop']);
  await rm(cluster.dataDir, { recursive: true, force: true });
}
