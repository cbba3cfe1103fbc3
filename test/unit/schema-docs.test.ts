import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ROOT } from '../../scripts/main-job.js';

// The published JSON Schemas (schema/*.json) are what editors show on hover: every key a file may
// hold has a description and an example, and what a schema's own description points to exists here.

type Schema = { [key: string]: unknown };
const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCHEMA_DIR = join(ROOT, 'schema');
const files = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.json'));
const load = (name: string): Schema => JSON.parse(readFileSync(join(SCHEMA_DIR, name), 'utf8'));

/** The JSON type of a value, as JSON Schema's `type` names it. */
const jsonType = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
};
const matchesType = (type: unknown, value: unknown): boolean => {
  const types = Array.isArray(type) ? type : [type];
  const found = jsonType(value);
  return types.some((t) => t === found || (t === 'number' && found === 'integer'));
};

/**
 * Every property of `schema` and of the schemas nested in it, by JSON pointer-ish path, with what it
 * lacks: a description, examples, or examples of its declared type.
 */
function problems(schema: Schema, path = ''): string[] {
  const found: string[] = [];
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const [key, child] of Object.entries(properties)) {
    const at = `${path}/${key}`;
    if (!isSchema(child)) continue;
    if (typeof child.description !== 'string' || !child.description.trim())
      found.push(`${at}: no description`);
    if (!Array.isArray(child.examples) || !child.examples.length) found.push(`${at}: no examples`);
    else if (child.type !== undefined)
      for (const example of child.examples)
        if (!matchesType(child.type, example))
          found.push(`${at}: example ${JSON.stringify(example)} is not of type ${String(child.type)}`);
  }
  const nested: [string, unknown][] = [
    ...Object.entries(properties).map(([key, child]): [string, unknown] => [`/${key}`, child]),
    ['/*', schema.additionalProperties],
    ['[]', schema.items],
    ...(['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const).flatMap((keyword) =>
      (Array.isArray(schema[keyword]) ? (schema[keyword] as unknown[]) : []).map(
        (child, i): [string, unknown] => [`/${keyword}/${i}`, child],
      ),
    ),
    ...Object.entries(isSchema(schema.$defs) ? schema.$defs : {}).map(([key, child]): [string, unknown] => [
      `/$defs/${key}`,
      child,
    ]),
  ];
  for (const [step, child] of nested) if (isSchema(child)) found.push(...problems(child, path + step));
  return found;
}

/**
 * What a description points to in this repository: `(README, "Heading")` style references (a file,
 * and a heading in it) and paths whose first segment is a top-level entry of the repository or that
 * name a Markdown file. Paths on the user's side (`.github/orch.yaml`, `~/.orchctl/config.yaml`)
 * start with `.` or `~` and are not references.
 */
function references(text: string): { file: string; heading?: string }[] {
  const refs: { file: string; heading?: string }[] = [];
  for (const m of text.matchAll(/\(([A-Za-z][\w./-]*), "([^"]+)"\)/g)) {
    const file = m[1] ?? '';
    refs.push({ file: /\.\w+$/.test(file) ? file : `${file}.md`, heading: m[2] });
  }
  const topLevel = new Set(readdirSync(ROOT));
  for (const m of text.matchAll(/(?<![\w~.$/-])([A-Za-z][\w-]*(?:\/[\w.-]+)*\.[a-z]{1,4})\b/g)) {
    const path = m[1] ?? '';
    if (path.endsWith('.md') || topLevel.has(path.split('/')[0] ?? '') || path.includes('/'))
      refs.push({ file: path });
  }
  return refs;
}

describe('schema/*.json', () => {
  test('there are schemas to check', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'orch-bot-config.schema.json',
        'orchctl-config.schema.json',
        'workflow-file.schema.json',
      ]),
    );
  });

  test.each(files)('%s gives every property a description and examples of its type', (name) => {
    expect(problems(load(name))).toEqual([]);
  });

  test.each(files)('%s describes itself, pointing only to files of this repository', (name) => {
    const schema = load(name);
    expect(typeof schema.description).toBe('string');
    const missing: string[] = [];
    for (const ref of references(String(schema.description))) {
      const path = join(ROOT, ref.file);
      if (!existsSync(path)) missing.push(`${ref.file} does not exist`);
      else if (
        ref.heading &&
        !new RegExp(`^#+ ${ref.heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(
          readFileSync(path, 'utf8'),
        )
      )
        missing.push(`${ref.file} has no heading "${ref.heading}"`);
    }
    expect(missing).toEqual([]);
  });

  test('the reference finder sees repository paths and leaves the user side alone', () => {
    expect(
      references(
        'See (DESIGN.md, "Workflow files"), examples/add-one/wf.yaml, NOTES.md; the file is ' +
          '`.github/orch.yaml` or ~/.orchctl/config.yaml, set $ORCHCTL_CONFIG.',
      ),
    ).toEqual([
      { file: 'DESIGN.md', heading: 'Workflow files' },
      { file: 'DESIGN.md' },
      { file: 'examples/add-one/wf.yaml' },
      { file: 'NOTES.md' },
    ]);
  });
});
