import { readdir, readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import { readSettings } from '../../src/action/inputs.js';
import { expandFiles } from '../../src/action/register.js';
import { loadWorkflowFile } from '../../src/registration/workflow-file.js';
import { inputEnv } from '../helpers/action-env.js';

// Every example GitHub workflow in examples/github is valid as written: each step that uses the
// Action passes its input parsing (with the runner's defaults, and expressions given values), and
// the workflow files a register step names exist in this repository and load.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIR = join(ROOT, 'examples', 'github');

/** What `${{ ... }}` expressions stand for in these examples. */
const EXPRESSIONS: Record<string, string> = {
  'vars.ORCH_ENDPOINT': 'admin.example.com:443',
  'secrets.ORCH_API_KEY': '',
  'steps.register.outputs.version': 'v1',
};

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

const examples = (await readdir(DIR)).filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'));

describe('the example GitHub workflows are valid as written', () => {
  const set: string[] = [];
  afterEach(() => {
    for (const name of set.splice(0)) delete process.env[name];
  });

  test('there are examples', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  test.each(examples)('%s', async (file) => {
    const workflow = parse(await readFile(join(DIR, file), 'utf8')) as {
      jobs: Record<string, { steps: Step[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const ours = steps.filter((step) => step.uses?.startsWith('orch/orch@'));
    expect(ours.length).toBeGreaterThan(0);
    for (const step of ours) {
      const inputs = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([name, value]) => [
          name,
          String(value).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
            const known = EXPRESSIONS[expression];
            if (known === undefined) throw new Error(`${file}: no value for the expression ${expression}`);
            return known;
          }),
        ]),
      );
      for (const [name, value] of Object.entries(inputEnv(inputs))) {
        process.env[name] = value;
        set.push(name);
      }
      const settings = readSettings();
      if (settings.command === 'register') {
        const paths = await expandFiles(settings.files, ROOT);
        expect(paths.length).toBeGreaterThan(0);
        for (const path of paths) await loadWorkflowFile(isAbsolute(path) ? path : join(ROOT, path));
      }
      for (const name of set.splice(0)) delete process.env[name];
    }
  });
});
