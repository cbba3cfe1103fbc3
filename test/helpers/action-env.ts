import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

/** The defaults of action.yml's inputs, which the runner sets for every input not given. */
const ACTION_DEFAULTS: Record<string, string> = (() => {
  const file = join(fileURLToPath(new URL('../..', import.meta.url)), 'action.yml');
  const action = parseYaml(readFileSync(file, 'utf8')) as {
    inputs?: Record<string, { default?: unknown }>;
  };
  return Object.fromEntries(
    Object.entries(action.inputs ?? {})
      .filter(([, input]) => input.default !== undefined)
      .map(([name, input]) => [name, String(input.default)]),
  );
})();

/** Example webhook payloads (a JSON package: loaded with require). */
const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as {
  name: string;
  examples: Record<string, unknown>[];
}[];

/** The `pull_request` `opened` payload of `@octokit/webhooks-examples` (a PR within one repository). */
export function pullRequestOpened(): Record<string, unknown> & {
  pull_request: { number: number; head: { sha: string; repo: { full_name: string } } };
  repository: { full_name: string };
} {
  const group = examples.find((e) => e.name === 'pull_request');
  const opened = group?.examples.find((e) => e.action === 'opened');
  if (!opened) throw new Error('no pull_request opened example');
  return structuredClone(opened) as ReturnType<typeof pullRequestOpened>;
}

/** The same payload with the head branch in another repository (a fork). */
export function pullRequestFromFork(): ReturnType<typeof pullRequestOpened> {
  const payload = pullRequestOpened();
  const head = payload.pull_request.head as { repo: Record<string, unknown> };
  head.repo = { ...head.repo, full_name: 'forker/Hello-World', fork: true, owner: { login: 'forker' } };
  return payload;
}

/** Writes an event payload file; returns its path. */
export async function writeEvent(dir: string, name: string, payload: unknown): Promise<string> {
  const path = join(dir, `${name}.json`);
  await writeFile(path, JSON.stringify(payload));
  return path;
}

/**
 * The outputs in a `GITHUB_OUTPUT` file, as `@actions/core` writes them
 * (`name<<delimiter`, the value, `delimiter`).
 */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const match of text.matchAll(pattern)) outputs[match[1] as string] = match[3] as string;
  return outputs;
}

/** `INPUT_<NAME>` variables for inputs (upper case, dashes kept), as the runner sets them. */
export function inputEnv(inputs: Record<string, string>): Record<string, string> {
  // As the runner does: every input of action.yml with a default and no value gets its default.
  const withDefaults: Record<string, string> = { ...ACTION_DEFAULTS, ...inputs };
  return Object.fromEntries(
    Object.entries(withDefaults).map(([name, value]) => [
      `INPUT_${name.replace(/ /g, '_').toUpperCase()}`,
      value,
    ]),
  );
}

/**
 * What a runner would show of `text`: lines that register masks (`::add-mask::`) are consumed by
 * the runner and never displayed, so they are dropped here.
 */
export function displayed(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
}
