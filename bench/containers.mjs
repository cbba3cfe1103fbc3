#!/usr/bin/env node
// Container overhead: RUNS (default 20) executions of a one-node task that works for TASK_MS (default
// 1000) ms, launched at once against an in-process admin on SQLite with executor parallelism
// PARALLEL (default 4), first on the local runtime (host processes), then on the docker runtime
// (a container per attempt, on the engine at DOCKER_HOST or /var/run/docker.sock). Prints executions
// per minute of each and the ratio local / docker: how many times longer the same work takes in
// containers (goal: under 1.5 for a one-second task). The image is IMAGE, else a Node image made from
// this host's files (no public registry is needed). Run with `npm run bench:containers` (builds first).
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { nodeTestImage } from '../test/helpers/docker.ts';
import { startBenchAdmin } from './admin.mjs';
import { recordAgainst, recordFigure } from './figures.mjs';

const runs = Number(process.env.RUNS ?? 20);
const taskMs = Number(process.env.TASK_MS ?? 1000);
const parallel = Number(process.env.PARALLEL ?? 4);
const image = process.env.IMAGE || (await nodeTestImage());
const SCRIPT =
  `setTimeout(()=>{const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));` +
  `fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))},${taskMs})`;
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

/** Executions per minute of `runs` one-second executions on `runtime`. */
async function measure(runtime) {
  const { client, close } = await startBenchAdmin({
    flags: { 'runtime.type': runtime },
    parallelism: parallel,
  });
  try {
    const task = id('TASK', 'bench.work');
    const wf = id('WORKFLOW', 'bench.wf');
    await client.createTask(task, {
      template: {
        id: task,
        type: 'container',
        interface: { inputs: vars(['x']), outputs: vars(['o0']) },
        metadata: { retries: { retries: 0 }, timeout: { seconds: 120, nanos: 0 } },
        container: { image, command: [runtime === 'local' ? process.execPath : 'node', '-e', SCRIPT] },
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
    const lp = id('LAUNCH_PLAN', 'bench.wf');
    await client.createLaunchPlan(lp, { workflow_id: wf });
    let failed = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: runs }, async (_, i) => {
        const execution = await client.createExecution({
          project: 'default',
          domain: 'development',
          spec: { launch_plan: lp },
          inputs: literalMapFromJson({ x: i }, vars(['x'])),
        });
        const last = await client.watchExecution(execution, () => undefined, { deadlineSeconds: 600 });
        if (last.phase !== 'SUCCEEDED') failed += 1;
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    return { perMinute: (runs / seconds) * 60, seconds, failed };
  } finally {
    await close();
  }
}

const local = await measure('local');
const docker = await measure('docker');
console.log(`${runs} executions of a ${taskMs} ms task, executor parallelism ${parallel}, image ${image}`);
console.log(
  `local runtime:  ${local.perMinute.toFixed(1)} executions/min (${local.seconds.toFixed(2)} s, ${local.failed} failed)`,
);
console.log(
  `docker runtime: ${docker.perMinute.toFixed(1)} executions/min (${docker.seconds.toFixed(2)} s, ${docker.failed} failed)`,
);
const ratio = local.perMinute / docker.perMinute;
console.log(`ratio (local / docker, container overhead): ${ratio.toFixed(2)}`);
recordFigure('local runtime executions per minute', local.perMinute, '/min');
recordFigure('docker runtime executions per minute', docker.perMinute, '/min');
recordAgainst('container overhead (local / docker)', ratio, 'x', 'at most', 1.5);
if (local.failed || docker.failed) process.exitCode = 1;
