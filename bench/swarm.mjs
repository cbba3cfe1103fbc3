#!/usr/bin/env node
// Swarm overhead on one node: RUNS (default 10) executions of the add-one task (reads x, writes x+1),
// one after the other, against an in-process admin on SQLite, first on the docker runtime (a container
// per attempt), then on the swarm runtime (a replicated-job service per attempt, on the one-node swarm
// of the engine at DOCKER_HOST or /var/run/docker.sock, which must be a manager: `docker swarm init`).
// Prints the p50 launch-to-SUCCEEDED latency of each and, last, the ratio swarm / docker. The image is
// IMAGE, else a Node image made from this host's files (no public registry is needed).
// Run with `npm run bench:swarm` (builds first).
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { nodeTestImage } from '../test/helpers/docker.ts';
import { startBenchAdmin } from './admin.mjs';
import { recordFigure } from './figures.mjs';

const runs = Number(process.env.RUNS ?? 10);
const image = process.env.IMAGE || (await nodeTestImage());
const SCRIPT =
  `const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));` +
  `fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))`;
const vars = (names) => ({
  variables: Object.fromEntries(names.map((n) => [n, { type: parseType('integer'), description: '' }])),
});
const id = (resource_type, name) => ({
  resource_type,
  project: 'default',
  domain: 'development',
  name,
  version: 'bench',
});

/** The median of `values` (milliseconds). */
function p50(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Launch-to-SUCCEEDED milliseconds of `runs` add-one executions, one at a time, on `runtime`. */
async function measure(runtime) {
  const { client, close } = await startBenchAdmin({
    flags: { 'runtime.type': runtime, 'runtime.docker.stopGracePeriod': '2s' },
    parallelism: 1,
  });
  try {
    const task = id('TASK', 'bench.add_one');
    const wf = id('WORKFLOW', 'bench.add_one_wf');
    await client.createTask(task, {
      template: {
        id: task,
        type: 'container',
        interface: { inputs: vars(['x']), outputs: vars(['o0']) },
        metadata: { retries: { retries: 0 }, timeout: { seconds: 120, nanos: 0 } },
        container: { image, command: ['node', '-e', SCRIPT] },
      },
    });
    await client.createWorkflow(wf, {
      template: {
        id: wf,
        interface: { inputs: vars(['x']), outputs: vars(['o0']) },
        nodes: [
          {
            id: 'n0',
            task_node: { reference_id: task },
            inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
          },
        ],
        outputs: [{ var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } }],
      },
    });
    const lp = id('LAUNCH_PLAN', 'bench.add_one_wf');
    await client.createLaunchPlan(lp, { workflow_id: wf });
    const times = [];
    let failed = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const execution = await client.createExecution({
        project: 'default',
        domain: 'development',
        spec: { launch_plan: lp },
        inputs: literalMapFromJson({ x: i }, vars(['x'])),
      });
      const last = await client.watchExecution(execution, () => undefined, { deadlineSeconds: 300 });
      times.push(performance.now() - start);
      if (last.phase !== 'SUCCEEDED') failed += 1;
    }
    return { p50: p50(times), min: Math.min(...times), max: Math.max(...times), failed };
  } finally {
    await close();
  }
}

const docker = await measure('docker');
const swarm = await measure('swarm');
const line = (name, m) =>
  `${name} p50 ${m.p50.toFixed(0)} ms (min ${m.min.toFixed(0)}, max ${m.max.toFixed(0)}, ${m.failed} failed)`;
console.log(`${runs} add-one executions, one at a time, image ${image}`);
console.log(line('docker runtime:', docker));
console.log(line('swarm runtime: ', swarm));
const ratio = swarm.p50 / docker.p50;
console.log(`ratio (swarm / docker p50): ${ratio.toFixed(2)}`);
recordFigure('docker runtime add-one p50', docker.p50, 'ms');
recordFigure('swarm runtime add-one p50', swarm.p50, 'ms');
recordFigure('swarm overhead (swarm / docker p50)', ratio, 'x');
if (docker.failed || swarm.failed) process.exitCode = 1;
