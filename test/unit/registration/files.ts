import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from '@jest/globals';
import { loadWorkflowFile, WorkflowFileError } from '../../../src/registration/index.js';

/** The add-one example of DESIGN.md ("Workflow files"), with the script inline instead of a code bundle. */
export const ADD_ONE = `tasks:
  add_one:
    image: node:20-slim
    command:
      - node
      - -e
      - |
        const fs = require('node:fs');
        const { x } = JSON.parse(fs.readFileSync(process.env.ORCH_INPUTS_FILE, 'utf8'));
        fs.writeFileSync(process.env.ORCH_OUTPUTS_FILE, JSON.stringify({ o0: x + 1 }));
    inputs:  { x: integer }
    outputs: { o0: integer }
    retries: 1
    timeout: 30s
workflows:
  add_one_wf:
    inputs:  { x: integer }
    nodes:
      - { id: n0, task: add_one, inputs: { x: "{{ inputs.x }}" } }
    outputs: { o0: "{{ n0.o0 }}" }
`;

const created: string[] = [];
afterAll(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh, empty temporary directory, removed after the test file's tests. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'orch-registration-'));
  created.push(dir);
  return dir;
}

/** Writes `text` as `name` into a fresh temporary directory; returns the file's path. */
export async function writeWorkflowFile(text: string, name = 'wf.yaml'): Promise<string> {
  const path = join(await tempDir(), name);
  await writeFile(path, text);
  return path;
}

/**
 * Loads `text` as a workflow file that must be rejected; returns the problem lines of the error
 * message with the file's path taken off (`6:5: tasks.add_one.retires: unknown key`), after checking
 * that the first line counts them, that every other line is indented and starts with the path, and
 * that `problems` says the same.
 */
export async function problemsOf(text: string): Promise<string[]> {
  const path = await writeWorkflowFile(text);
  const error = await loadWorkflowFile(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkflowFileError);
  const { message, problems } = error as WorkflowFileError;
  const [count, ...lines] = message.split('\n');
  expect(count).toBe(`${problems.length} problem${problems.length === 1 ? '' : 's'} in ${path}:`);
  expect(lines).toEqual(problems.map((p) => `  ${path}:${p.line}:${p.column}: ${p.message}`));
  for (const p of problems) expect(p.file).toBe(path);
  return lines.map((line) => line.slice(path.length + 3));
}
