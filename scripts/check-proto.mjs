#!/usr/bin/env node
// Checks the API contract in proto/ with buf (buf.yaml): `buf lint`, then `buf breaking` against
// proto/ as the previous commit had it (ORCH_PROTO_AGAINST, default HEAD~1). The breaking check is
// skipped, with a line saying why, when there is no previous commit, when it had no buf.yaml, or
// when it declared other packages (a deliberate move, such as the one to orch.*.v1).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const buf = join(root, 'node_modules/.bin/buf');
const against = process.env.ORCH_PROTO_AGAINST || 'HEAD~1';

/** Runs buf in the repository's root; exits with its status when it fails. */
function runBuf(args) {
  const result = spawnSync(buf, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The git output of `args`, or undefined when git fails (no such commit, not a repository). */
function git(args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

/** The sorted `package` names declared by the .proto files under `dir`. */
function packagesIn(dir) {
  const walk = (d) =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name);
      return statSync(path).isDirectory() ? walk(path) : path.endsWith('.proto') ? [path] : [];
    });
  const names = walk(dir).map(
    (file) => /^package\s+([\w.]+)\s*;/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '',
  );
  return [...new Set(names)].sort();
}

runBuf(['lint']);
console.log('buf lint: proto/ follows buf.yaml.');

const commit = git(['rev-parse', '--verify', '--quiet', `${against}^{commit}`])?.trim();
if (!commit) {
  console.log(
    `buf breaking skipped: no commit ${against} to compare with (a first commit or a shallow clone).`,
  );
  process.exit(0);
}
if (git(['cat-file', '-e', `${commit}:buf.yaml`]) === undefined) {
  console.log(`buf breaking skipped: ${against} has no buf.yaml.`);
  process.exit(0);
}
const previous = mkdtempSync(join(tmpdir(), 'orch-proto-'));
try {
  const archive = execFileSync('git', ['archive', commit, 'buf.yaml', 'proto'], { cwd: root });
  execFileSync('tar', ['-x', '-C', previous], { input: archive });
  const before = packagesIn(join(previous, 'proto'));
  const now = packagesIn(join(root, 'proto'));
  if (before.join() !== now.join()) {
    console.log(
      `buf breaking skipped: ${against} declares other packages (${before.join(', ')}) than proto/ now ` +
        `(${now.join(', ')}), a deliberate move.`,
    );
    process.exit(0);
  }
  runBuf(['breaking', '--against', previous]);
  console.log(`buf breaking: nothing breaks against ${against}.`);
} finally {
  rmSync(previous, { recursive: true, force: true });
}
