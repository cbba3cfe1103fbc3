#!/usr/bin/env node
// The local executor under load: EXECUTIONS (default 100) trivial one-node executions launched at once
// against an in-process admin server on SQLite. Prints launch-to-RUNNING p50/p99 (from the
// CreateExecution call to the RUNNING event of WatchExecution), launch-to-SUCCEEDED p50/p99 and
// executions per minute; then the same number of bare task processes (`node -e`, same parallelism)
// per minute, and the ratio of the two last. Run with `npm run bench:executor` (builds first).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { literalMapFromJson, parseType } from '../lib/api/literals.js';
import { startBenchAdmin } from './admin.mjs';
import { recordFigure } from './figures.mjs';

const executions = Number(process.env.EXECUTIONS ?? 100);
const parallelism = availableParallelism() * 2;
const SCRIPT =
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
  'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))';
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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

const { client, close } = await startBenchAdmin({ parallelism });
try {
  const task = id('TASK', 'bench.add_one');
  const wf = id('WORKFLOW', 'bench.wf');
  await client.createTask(task, {
    template: {
      id: task,
      type: 'container',
      interface: { inputs: vars(['x']), outputs: vars(['o0']) },
      metadata: { retries: { retries: 0 }, timeout: { seconds: 60, nanos: 0 } },
      container: { image: 'node:20-slim', command: [process.execPath, '-e', SCRIPT] },
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

  const toRunning = [];
  const toDone = [];
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: executions }, async (_, i) => {
      const launched = performance.now();
      const execution = await client.createExecution({
        project: 'default',
        domain: 'development',
        spec: { launch_plan: lp },
        inputs: literalMapFromJson({ x: i }, vars(['x'])),
      });
      let running;
      const last = await client.watchExecution(
        execution,
        (event) => {
          if (running === undefined && !event.node_id && event.phase !== 'QUEUED')
            running = performance.now();
        },
        { deadlineSeconds: 300 },
      );
      if (last.phase !== 'SUCCEEDED') failed += 1;
      toRunning.push((running ?? performance.now()) - launched);
      toDone.push(performance.now() - launched);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const perMinute = (executions / seconds) * 60;

  // The floor: the same task processes spawned bare, with the same parallelism.
  const bareStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallelism, executions) }, async () => {
      while (next < executions) {
        next += 1;
        const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
        await once(child, 'exit');
      }
    }),
  );
  const bareSeconds = (performance.now() - bareStart) / 1000;
  const barePerMinute = (executions / bareSeconds) * 60;

  console.log(`executions: ${executions} (${failed} not SUCCEEDED), executor parallelism ${parallelism}`);
  console.log(
    `launch to RUNNING: p50 ${percentile(toRunning, 50).toFixed(1)} ms, p99 ${percentile(toRunning, 99).toFixed(1)} ms`,
  );
  console.log(
    `launch to SUCCEEDED: p50 ${percentile(toDone, 50).toFixed(1)} ms, p99 ${percentile(toDone, 99).toFixed(1)} ms`,
  );
  console.log(`executions per minute: ${perMinute.toFixed(0)} (${seconds.toFixed(2)} s in all)`);
  console.log(`bare task processes per minute: ${barePerMinute.toFixed(0)}`);
  console.log(`ratio (executions / bare processes): ${(perMinute / barePerMinute).toFixed(2)}`);
  recordFigure('launch to RUNNING p99', percentile(toRunning, 99), 'ms');
  recordFigure('executions per minute', perMinute, '/min');
  recordFigure('executions / bare task processes', perMinute / barePerMinute, 'x');
} finally {
  await close();
}
