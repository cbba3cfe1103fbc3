#!/usr/bin/env node
// `orch register` of FILES workflow files (3 entities each: a task, a workflow, its launch plan) in
// one directory against a local sandbox, as a subprocess; prints the wall time, entities per second
// and the ratio to the 5 s goal (200 files, 600 entities). Run with `npm run bench:register`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordAgainst, recordFigure } from './figures.mjs';
import { bin, startSandbox } from './sandbox.mjs';

const count = Number(process.env.FILES ?? 200);

const home = mkdtempSync(join(tmpdir(), 'orch-bench-register-'));
const flows = join(home, 'flows');
mkdirSync(flows);
writeFileSync(
  join(flows, 'step.js'),
  "require('node:fs').writeFileSync(process.env.ORCH_OUTPUTS_FILE, '{\"y\": 1}')\n",
);
for (let i = 0; i < count; i++) {
  writeFileSync(
    join(flows, `flow${String(i).padStart(3, '0')}.yaml`),
    [
      'tasks:',
      `  step${i}:`,
      '    command: [node, step.js]',
      '    inputs: { x: integer }',
      '    outputs: { y: integer }',
      'workflows:',
      `  wf${i}:`,
      '    inputs: { x: integer }',
      `    nodes: [{ id: n0, task: step${i}, inputs: { x: "{{ inputs.x }}" } }]`,
      '    outputs: { y: "{{ n0.y }}" }',
      '',
    ].join('\n'),
  );
}

const sandbox = await startSandbox(home);
try {
  const { endpoint } = sandbox;
  const run = () => {
    const start = process.hrtime.bigint();
    const result = spawnSync(
      process.execPath,
      [
        bin('orch'),
        'register',
        join(flows, '*.yaml'),
        '--orch.connection.host',
        endpoint,
        '--orch.connection.insecure',
        '-o',
        'json',
      ],
      { env: { PATH: process.env.PATH, HOME: home }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (result.status !== 0) throw new Error(`orch register exited ${result.status}: ${result.stderr}`);
    const report = JSON.parse(result.stdout);
    return { seconds, entities: report.entities.length, statuses: report.entities.map((e) => e.status) };
  };
  const first = run();
  const again = run();
  console.log(`${count} files, ${first.entities} entities`);
  console.log(
    `first registration:  ${first.seconds.toFixed(2)} s, ${(first.entities / first.seconds).toFixed(0)} entities/s`,
  );
  console.log(
    `again (all already registered: ${again.statuses.every((s) => s === 'already registered')}): ` +
      `${again.seconds.toFixed(2)} s, ${(again.entities / again.seconds).toFixed(0)} entities/s`,
  );
  console.log(`ratio first registration / 5 s goal: ${(first.seconds / 5).toFixed(2)}`);
  recordAgainst(
    `orch register ${count} files (${first.entities} entities)`,
    first.seconds,
    's',
    'at most',
    5,
  );
  recordFigure('orch register again (all already registered)', again.seconds, 's');
} finally {
  await sandbox.stop();
  rmSync(home, { recursive: true, force: true });
}
