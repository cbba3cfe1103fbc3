/**
 * The README's walk-through, run as a newcomer would: the shell blocks of "Using it" (from `orch sandbox
 * start` to `orchctl get execution`) and of "Reading what is registered", line by line in one bash, through
 * the built binaries on PATH, in a fresh home. The output lines the README shows as comments under a
 * command must appear in that command's output (`<version>`, `<name>` and `...` stand for anything).
 *
 * Two things differ from a user's shell, and only these: the sandbox runs in the background (the README
 * runs it in its own terminal), and when the README's ports 8089/8088 are taken on this machine, free
 * ones replace them everywhere.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'readme-webhook-key-0123456789';

/** One command of a README block, with the output lines shown under it. */
interface Step {
  command: string;
  expected: string[];
}

/** The first ```sh block after `marker` in the README, as commands with their shown output. */
function blockAfter(readme: string, marker: string): Step[] {
  const at = readme.indexOf(marker);
  if (at < 0) throw new Error(`README.md has no "${marker}"`);
  const start = readme.indexOf('```sh\n', at) + '```sh\n'.length;
  const end = readme.indexOf('\n```', start);
  const steps: Step[] = [];
  let pending = '';
  for (const raw of readme.slice(start, end).split('\n')) {
    if (pending) {
      pending += ` ${raw.trim()}`;
    } else if (/^#/.test(raw)) {
      steps[steps.length - 1]?.expected.push(raw.replace(/^# ?/, ''));
      continue;
    } else if (!raw.trim()) {
      continue;
    } else {
      pending = raw;
    }
    if (pending.endsWith('\\')) {
      pending = pending.slice(0, -1).trimEnd();
      continue;
    }
    // A trailing comment is set off by two or more spaces in the README.
    steps.push({ command: pending.replace(/\s{2,}# .*$/, '').trim(), expected: [] });
    pending = '';
  }
  return steps;
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
async function anyFreePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A shown output line as a pattern: placeholders and `...` match anything. */
function shownLine(line: string): RegExp {
  const parts = line.split(/(<[a-z ]+>|\.\.\.)/);
  const body = parts
    .map((part, i) => (i % 2 === 1 ? '.*?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(body);
}

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'orch-readme-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe('the README walk-through', () => {
  test('every command of "Using it" runs as shown and prints what the README shows', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const steps = [
      ...blockAfter(readme, '## Using it'),
      ...blockAfter(readme, 'Reading what is registered and running'),
    ];
    expect(steps[0]?.command).toBe('orch sandbox start');
    expect(steps.map((s) => s.command.split(' ')[0])).toContain('curl');

    const grpc = (await portFree(8089)) ? 8089 : await anyFreePort();
    const http = (await portFree(8088)) ? 8088 : await anyFreePort();
    const ports = (text: string) => text.replaceAll('8089', String(grpc)).replaceAll('8088', String(http));

    // The binaries under the names the README uses, as the shims npm puts on PATH at install (the
    // built files themselves are not executable until npm installs them).
    const bin = join(home, 'bin');
    await mkdir(bin);
    for (const name of ['orch', 'orchctl', 'orch-webhook']) {
      const target = join(ROOT, 'lib', 'bin', `${name}.js`);
      await writeFile(join(bin, name), `#!/bin/sh\nexec node ${JSON.stringify(target)} "$@"\n`, {
        mode: 0o755,
      });
    }
    const out = join(home, 'out');
    await mkdir(out);

    const script: string[] = [
      'set -uo pipefail',
      `cd ${JSON.stringify(ROOT)}`,
      'SANDBOX=',
      'trap \'[ -n "$SANDBOX" ] && kill $SANDBOX 2>/dev/null; wait 2>/dev/null\' EXIT',
      // What the README's placeholders stand for, read from earlier outputs as a user would.
      'version() { sed -n "s/^Computed version is //p" "$OUT/register"; }',
      `name() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).execution.name)' "$OUT/curl"; }`,
    ];
    steps.forEach((step, i) => {
      let command = ports(step.command)
        .replaceAll('<secret>', SECRET)
        .replace(/<version>|<v>/g, '$(version)')
        .replaceAll('<name>', '$(name)');
      const file = command.startsWith('orch register')
        ? 'register'
        : command.startsWith('curl')
          ? 'curl'
          : String(i);
      if (command === 'orch sandbox start') {
        if (grpc !== 8089 || http !== 8088)
          command += ` --server.grpc.port ${grpc} --server.httpPort ${http}`;
        script.push(
          `${command} > "$OUT/${i}" 2>&1 & SANDBOX=$!`,
          `for _ in $(seq 300); do grep -q "Admin gRPC endpoint" "$OUT/${i}" && break; sleep 0.1; done`,
        );
        return;
      }
      // Assignments (`export X=$(...)`) must run in this shell; their output is what they capture.
      if (command.startsWith('export ')) script.push(`${command} || echo "FAILED ${i} $?" >> "$OUT/failed"`);
      else
        script.push(
          `{ ${command}; } > "$OUT/${file}" 2>"$OUT/${i}.err" || echo "FAILED ${i} $?" >> "$OUT/failed"`,
        );
      if (file !== String(i)) script.push(`cp "$OUT/${file}" "$OUT/${i}"`);
    });
    await writeFile(join(home, 'walk.sh'), `${script.join('\n')}\n`);

    const run = spawnSync('bash', [join(home, 'walk.sh')], {
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: home, LANG: 'C.UTF-8', OUT: out },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const read = (name: string) => readFile(join(out, name), 'utf8').catch(() => '');
    const failed = await read('failed');
    const detail = async () =>
      (
        await Promise.all(
          steps.map(async (s, i) => `$ ${s.command}\n${await read(String(i))}${await read(`${i}.err`)}`),
        )
      ).join('\n');
    if (failed)
      throw new Error(`README commands failed (${failed.trim()}):\n${await detail()}\n${run.stderr}`);

    for (const [i, step] of steps.entries()) {
      const output = await read(String(i));
      for (const line of step.expected) {
        expect({ command: step.command, output, shows: line }).toEqual({
          command: step.command,
          output: expect.stringMatching(shownLine(ports(line))),
          shows: line,
        });
      }
    }
    // The launch through the webhook ran the workflow to its output: 2 + 1.
    const execution = steps.findIndex((s) => s.command.startsWith('orchctl get execution <name>'));
    const json = JSON.parse(await read(String(execution)));
    expect(json.spec.metadata.principal).toBe('ci-key');
    expect(await read(String(steps.findIndex((s) => s.command === 'orchctl version')))).toMatch(
      /^Client: orchctl \S+\nServer: \S+ at /,
    );
  }, 150_000);
});
