#!/usr/bin/env node
// `npm run bench`: runs every bench of this directory in turn (each as its own process, its output
// shown as it goes), then prints one table of every figure they recorded, with its goal and whether it
// was met, and the machine it was taken on. BENCHES=webhook,register runs a subset. Exits 1 if a bench
// failed to run (a goal not met is reported, not a failure).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const ALL = [
  'cli-startup',
  'create-execution',
  'register',
  'list-scale',
  'console-page',
  'executor',
  'containers',
  'images',
  'webhook',
  'bot',
  'replicas',
  'swarm',
];
const chosen = process.env.BENCHES ? process.env.BENCHES.split(',').map((s) => s.trim()) : ALL;
const unknown = chosen.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; the benches are ${ALL.join(', ')}`);
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'orch-bench-'));
const file = join(dir, 'figures.jsonl');
const failed = [];
try {
  for (const name of chosen) {
    console.log(`\n== bench/${name}.mjs`);
    const started = Date.now();
    // tsx lets a bench use the test helpers (the containers bench makes its Node image with one).
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.mjs`)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES: file },
    });
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
    if (run.status !== 0) failed.push(`${name} (exit ${run.status ?? run.signal})`);
  }
  let figures = [];
  try {
    figures = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    // No bench recorded anything.
  }
  const cpu = cpus();
  console.log(
    `\nMachine: ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `Node ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  const format = (value) =>
    Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2);
  console.log('| bench | figure | value | goal | met |');
  console.log('|---|---|---:|---|---|');
  for (const f of figures) {
    const met = f.met === undefined ? '' : f.met ? 'yes' : 'no';
    console.log(`| ${f.bench} | ${f.figure} | ${format(f.value)} ${f.unit} | ${f.goal} | ${met} |`);
  }
  if (failed.length > 0) {
    console.error(`\nfailed to run: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
