#!/usr/bin/env node
// CLI start-up cost, as ratios to `node -e 0` on this machine (medians of N runs each), of orchctl as
// it ships (the bundle of scripts/bundle-bins.mjs):
//   orchctl --help                      (goal: under 3x)
//   orchctl get project default -o json against a local sandbox (goal: at most 2.5x)
// and, for comparison, the same `get` without the code cache (NODE_DISABLE_COMPILE_CACHE=1: what a
// command's first run costs) and through the module build (lib/bin/orchctl.js).
// Run with `npm run bench:cli-startup` (builds first).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordAgainst, recordFigure } from './figures.mjs';
import { bin, startSandbox } from './sandbox.mjs';

const moduleBuild = join(fileURLToPath(new URL('..', import.meta.url)), 'lib', 'bin', 'orchctl.js');

const runs = Number(process.env.RUNS ?? 15);

function median(args, env = process.env) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const home = mkdtempSync(join(tmpdir(), 'orch-bench-'));
const sandbox = await startSandbox(home);
try {
  const { endpoint } = sandbox;
  const baseline = median(['-e', '0']);
  const help = median([bin('orchctl'), '--help']);
  const getHelp = median([bin('orchctl'), 'get', '-h']);
  const getProject = [
    'get',
    'project',
    'default',
    '-o',
    'json',
    '--admin.endpoint',
    endpoint,
    '--admin.insecure',
  ];
  const get = median([bin('orchctl'), ...getProject]);
  // Without the code cache: what the first run of a command costs (the cache is written then).
  const cold = median([bin('orchctl'), ...getProject], { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' });
  const unbundled = median([moduleBuild, ...getProject]);
  console.log(`node -e 0:                         ${baseline.toFixed(1)} ms`);
  console.log(`orchctl get project, module build:  ${unbundled.toFixed(1)} ms`);
  console.log(`orchctl --help:                    ${help.toFixed(1)} ms`);
  console.log(`orchctl get -h:                    ${getHelp.toFixed(1)} ms`);
  console.log(`orchctl get project default -o json: ${get.toFixed(1)} ms`);
  console.log(`the same without the code cache (a first run): ${cold.toFixed(1)} ms`);
  console.log(`ratio module build get project / node -e 0: ${(unbundled / baseline).toFixed(2)}`);
  console.log(`ratio orchctl get project / node -e 0: ${(get / baseline).toFixed(2)}`);
  console.log(
    `ratio orchctl get project without the code cache / node -e 0: ${(cold / baseline).toFixed(2)}`,
  );
  console.log(`ratio orchctl get -h / node -e 0: ${(getHelp / baseline).toFixed(2)}`);
  console.log(`ratio orchctl --help / node -e 0: ${(help / baseline).toFixed(2)}`);
  recordFigure('node -e 0', baseline, 'ms');
  recordFigure('orchctl get project default -o json', get, 'ms');
  recordAgainst('orchctl get project / node -e 0', get / baseline, 'x', 'at most', 2.5);
  recordAgainst('orchctl --help / node -e 0', help / baseline, 'x', 'at most', 3);
} finally {
  await sandbox.stop();
  rmSync(home, { recursive: true, force: true });
}
