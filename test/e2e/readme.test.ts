/**
 * The README's tutorial, run as a newcomer would: every ```sh block of "## Tutorial" (from `orch sandbox
 * start` to the console), line by line in one bash, through the built binaries on PATH, in a fresh home.
 * The output lines the README shows as comments under a command must appear in that command's output
 * (`<version>`, `<name>`, `<hex>` and `...` stand for anything). The files the tutorial shows in
 * ```yaml and ```shell blocks (headed by their path) must be the files of examples/tutorial/, which the
 * commands use.
 *
 * Three things differ from a user's shell, and only these: the sandbox runs in the background (the README
 * runs it in its own terminal); when the README's ports 8089/8088 are taken on this machine, free ones
 * replace them everywhere; and the placeholders the README asks the reader to fill in (`<token>`,
 * `<webhook key>`) or to copy from an earlier output (`<version>`, `<name>`) are filled in.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'tutorial-publish-token-4b1d2c';
const WEBHOOK_KEY = 'readme-webhook-key-0123456789';

/** One command of a README block, with the output lines shown under it. */
interface Step {
  command: string;
  expected: string[];
}

/** The text of `## <title>` up to the next `## ` heading. */
function section(readme: string, title: string): string {
  const at = readme.indexOf(`\n## ${title}\n`);
  if (at < 0) throw new Error(`README.md has no "## ${title}"`);
  const next = readme.indexOf('\n## ', at + 1);
  return readme.slice(at, next < 0 ? undefined : next);
}

/** The contents of every ```<lang> block of `text`, in order. */
function blocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``, 'g'))].map((m) => m[1] ?? '');
}

/** A ```sh block as commands with their shown output. */
function steps(block: string): Step[] {
  const found: Step[] = [];
  let pending = '';
  for (const raw of block.split('\n')) {
    if (pending) {
      pending += ` ${raw.trim()}`;
    } else if (/^#/.test(raw)) {
      found[found.length - 1]?.expected.push(raw.replace(/^# ?/, ''));
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
    found.push({ command: pending.replace(/\s{2,}# .*$/, '').trim(), expected: [] });
    pending = '';
  }
  return found;
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

describe("the README's tutorial", () => {
  test('the files it shows are those of examples/tutorial/', async () => {
    const tutorial = section(await readFile(join(ROOT, 'README.md'), 'utf8'), 'Tutorial');
    const shown = [...blocks(tutorial, 'yaml'), ...blocks(tutorial, 'shell')];
    const files = await readdir(join(ROOT, 'examples', 'tutorial'));
    expect(shown.map((b) => b.split('\n')[0]).sort()).toEqual(
      files.map((f) => `# examples/tutorial/${f}`).sort(),
    );
    for (const block of shown) {
      const [head = '', ...body] = block.split('\n');
      const file = head.replace('# ', '');
      expect({ file, text: `${body.join('\n')}\n` }).toEqual({
        file,
        text: await readFile(join(ROOT, file), 'utf8'),
      });
    }
  });

  test('every command runs as shown and prints what the README shows: two tasks, a secret, a retry, the webhook, the console', async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const all = blocks(section(readme, 'Tutorial'), 'sh').flatMap(steps);
    expect(all[0]?.command).toBe('orch sandbox start');
    expect(all.map((s) => s.command.split(' ')[0])).toEqual(
      expect.arrayContaining(['orch', 'orchctl', 'curl']),
    );

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
      // What the README's placeholders stand for, read from earlier outputs as a user would: the
      // version `orch register` computed, the execution `orch run` or the webhook launched last.
      'version() { sed -n "s/^Computed version is //p" "$OUT/register"; }',
      'name() { cat "$OUT/name"; }',
    ];
    all.forEach((step, i) => {
      let command = ports(step.command)
        .replaceAll('<token>', TOKEN)
        .replaceAll('<webhook key>', WEBHOOK_KEY)
        .replaceAll('<version>', '$(version)')
        .replaceAll('<name>', '$(name)');
      const file = command.startsWith('orch register') ? 'register' : String(i);
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
      if (command.startsWith('orch run '))
        script.push(`sed -n 's|^http.*/executions/||p' "$OUT/${i}" | head -1 > "$OUT/name"`);
      if (command.startsWith('curl -X POST'))
        script.push(
          `node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).execution.name)' "$OUT/${i}" > "$OUT/name"`,
        );
    });
    await writeFile(join(home, 'walk.sh'), `${script.join('\n')}\n`);

    const run = spawnSync('bash', [join(home, 'walk.sh')], {
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: home, LANG: 'C.UTF-8', OUT: out },
      encoding: 'utf8',
      timeout: 150_000,
    });
    const read = (name: string) => readFile(join(out, name), 'utf8').catch(() => '');
    const failed = await read('failed');
    const detail = async () =>
      (
        await Promise.all(
          all.map(async (s, i) => `$ ${s.command}\n${await read(String(i))}${await read(`${i}.err`)}`),
        )
      ).join('\n');
    if (failed)
      throw new Error(`README commands failed (${failed.trim()}):\n${await detail()}\n${run.stderr}`);

    for (const [i, step] of all.entries()) {
      const output = await read(String(i));
      for (const line of step.expected) {
        expect({ command: step.command, output, shows: line }).toEqual({
          command: step.command,
          output: expect.stringMatching(shownLine(ports(line))),
          shows: line,
        });
      }
    }
    const outputOf = async (prefix: string) =>
      read(String(all.findIndex((s) => s.command.startsWith(prefix))));

    // The second task's output is made from the first's, and signed with the secret that reached it.
    const signature = (words: number) =>
      createHash('sha256').update(`${words}:${TOKEN}`).digest('hex').slice(0, 12);
    const ran = await outputOf('orch run ');
    expect(ran).toContain(`receipt="5 words, signature ${signature(5)}"`);
    expect(ran).toContain('words=5');
    // The retry: the first task's first attempt failed, its second succeeded.
    const details = await outputOf('orchctl get execution <name> -p default -d development --details');
    expect(details).toMatch(
      /├── count SUCCEEDED[^\n]*\n│ {3}├── attempt 1 FAILED[^\n]*\n│ {3}└── attempt 2 SUCCEEDED/,
    );
    // The webhook's launch ran the same workflow on its own input: 6 words.
    const table = await read(
      String(all.findIndex((s) => s.command === 'orchctl get execution <name> -p default -d development')),
    );
    expect(table).toMatch(new RegExp(`SUCCEEDED .*receipt=6 words, signature ${signature(6)}, words=6`));
    // The console answered.
    expect(await outputOf('curl -s -o /dev/null')).toBe('200\n');
    // The secret's value appears nowhere: no output, no log, not the sandbox's own log.
    for (const file of await readdir(out))
      expect([file, await read(file)]).not.toEqual([file, expect.stringContaining(TOKEN)]);
  }, 180_000);
});
