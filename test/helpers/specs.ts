import { parseType } from '../../src/api/literals.js';
import type { Identifier, LaunchPlanSpec, TaskSpec, WorkflowSpec } from '../../src/api/types.js';
import type { AdminClient } from '../../src/client/admin-client.js';

/** Identifier of an entity in project `default`, domain `development`. */
export const idOf = (
  resource_type: 'TASK' | 'WORKFLOW' | 'LAUNCH_PLAN',
  name: string,
  version: string,
): Identifier => ({
  resource_type,
  project: 'default',
  domain: 'development',
  name,
  version,
});

const vars = (types: Record<string, string>) => ({
  variables: Object.fromEntries(
    Object.entries(types).map(([k, t]) => [k, { type: parseType(t), description: '' }]),
  ),
});

/** A task running `node -e <script>` with the given interface. */
export function nodeTask(
  name: string,
  version: string,
  script: string,
  inputs: Record<string, string>,
  outputs: Record<string, string>,
): TaskSpec {
  return {
    template: {
      id: idOf('TASK', name, version),
      type: 'container',
      interface: { inputs: vars(inputs), outputs: vars(outputs) },
      metadata: { retries: { retries: 0 }, timeout: { seconds: 30, nanos: 0 } },
      container: { image: 'node:20-slim', command: ['node', '-e', script] },
    },
  };
}

/** The add-one script: reads x from ORCH_INPUTS_FILE, writes {o0: x + 1} to ORCH_OUTPUTS_FILE. */
export const ADD_ONE_SCRIPT =
  "const fs=require('fs');const i=JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE,'utf8'));" +
  'fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE,JSON.stringify({o0:i.x+1}))';

/** A one-node workflow `wf(x) = task(x).o0`. */
export function oneNodeWorkflow(name: string, version: string, task: Identifier): WorkflowSpec {
  return {
    template: {
      id: idOf('WORKFLOW', name, version),
      interface: { inputs: vars({ x: 'integer' }), outputs: vars({ o0: 'integer' }) },
      nodes: [
        {
          id: 'n0',
          task_node: { reference_id: task },
          inputs: [{ var: 'x', binding: { promise: { node_id: 'start-node', var: 'x' } } }],
        },
      ],
      outputs: [{ var: 'o0', binding: { promise: { node_id: 'n0', var: 'o0' } } }],
    },
  };
}

/** The default launch plan of a workflow. */
export const launchPlanOf = (workflow: Identifier): LaunchPlanSpec => ({ workflow_id: workflow });

/** Registers task, workflow and default launch plan of the add-one example under `version`. */
export async function registerAddOne(
  client: Pick<AdminClient, 'createTask' | 'createWorkflow' | 'createLaunchPlan'>,
  version: string,
  script = ADD_ONE_SCRIPT,
) {
  const task = idOf('TASK', 'wf.add_one', version);
  const wf = idOf('WORKFLOW', 'wf.add_one_wf', version);
  await client.createTask(task, nodeTask('wf.add_one', version, script, { x: 'integer' }, { o0: 'integer' }));
  await client.createWorkflow(wf, oneNodeWorkflow('wf.add_one_wf', version, task));
  await client.createLaunchPlan(idOf('LAUNCH_PLAN', 'wf.add_one_wf', version), launchPlanOf(wf));
  return { task, wf, lp: idOf('LAUNCH_PLAN', 'wf.add_one_wf', version) };
}
