#!/usr/bin/env node
// Builds the GitHub Action's bundle (dist/index.js, from src/action/index.ts) with esbuild and writes
// the usage section of docs/action.md (inputs and outputs tables) from action.yml, between the markers
// <!-- action-usage:start --> and <!-- action-usage:end --> (appended at the end when missing).
// With --check, builds into a temporary folder and fails when dist/ or that section differs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
const START = '<!-- action-usage:start -->';
const END = '<!-- action-usage:end -->';
/** The page that holds the usage section, relative to the root. */
const DOC = 'docs/action.md';

/** The files of dist/, as name -> content, built in memory. */
async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/action/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: 'dist/index.js',
    write: false,
    minify: false,
    // Class names are kept: error classes name themselves after their class (AdminError's `name`).
    keepNames: true,
    sourcemap: false,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    metafile: true,
    // Bundled CommonJS dependencies call require(); an ESM bundle has none, so make one.
    banner: {
      js: [
        '// The orch GitHub Action, bundled by scripts/build-action.mjs from src/action; do not edit.',
        "import { createRequire as __orchActionCreateRequire } from 'node:module';",
        'const require = __orchActionCreateRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  const server = Object.keys(result.metafile.inputs).filter((p) => p.startsWith('src/server/'));
  if (server.length) throw new Error(`the Action's bundle must not include the server: ${server.join(', ')}`);
  const [file] = result.outputFiles;
  return {
    'index.js': file.text,
    // dist/ runs as ESM wherever it is copied, not only next to this package.json.
    'package.json': `${JSON.stringify({ type: 'module' }, null, 2)}\n`,
  };
}

const escapeCell = (text) =>
  String(text ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim();

/** The usage section of {@link DOC}, generated from action.yml. */
function usageSection() {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8'));
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, spec]) =>
      `| \`${name}\` | ${spec.required ? 'yes' : 'no'} | ${
        spec.default === undefined || spec.default === '' ? '' : `\`${escapeCell(spec.default)}\``
      } | ${escapeCell(spec.description)} |`,
  );
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, spec]) => `| \`${name}\` | ${escapeCell(spec.description)} |`,
  );
  return [
    START,
    '## Usage',
    '',
    `${escapeCell(action.description)} Runs on \`${action.runs.using}\` from the committed bundle \`${action.runs.main}\`.`,
    'Examples: [`examples/github/register-on-push.yml`](../examples/github/register-on-push.yml),',
    '[`examples/github/run-on-pull-request.yml`](../examples/github/run-on-pull-request.yml) and',
    '[`examples/github/keyless.yml`](../examples/github/keyless.yml) (no API key: see "Keyless sign-in" below).',
    '',
    '```yaml',
    '- uses: orch/orch@v1',
    '  with:',
    '    command: register',
    '    endpoint: orch.example.com:443',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    '    api-key: ${{ secrets.ORCH_API_KEY }}',
    '    files: examples/add-one/wf.yaml',
    '```',
    '',
    '### Inputs',
    '',
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...inputs,
    '',
    '### Outputs',
    '',
    '| output | description |',
    '|---|---|',
    ...outputs,
    '',
    'This section is generated from `action.yml` by `npm run build:action`.',
    END,
  ].join('\n');
}

/** {@link DOC} with the usage section replaced (or appended at the end). */
function docWith(section) {
  const readme = readFileSync(join(root, DOC), 'utf8');
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start >= 0 && end > start) return readme.slice(0, start) + section + readme.slice(end + END.length);
  return `${readme.replace(/\n*$/, '\n')}\n${section}\n`;
}

const files = await bundle();
const doc = docWith(usageSection());
const stale = 'dist/ is stale: run `npm run build:action` and commit the result';

if (check) {
  const problems = [];
  for (const [name, text] of Object.entries(files)) {
    let committed;
    try {
      committed = readFileSync(join(root, 'dist', name), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed !== text) problems.push(`dist/${name} differs from a fresh build`);
  }
  if (readFileSync(join(root, DOC), 'utf8') !== doc) {
    problems.push(`${DOC}'s action usage section differs from action.yml`);
  }
  if (problems.length) {
    console.error(`${problems.map((p) => `  - ${p}`).join('\n')}\n${stale}`);
    process.exit(1);
  }
  console.log(`dist/ and the usage section of ${DOC} are up to date`);
} else {
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'dist', name), text);
  writeFileSync(join(root, DOC), doc);
  const kb = (Buffer.byteLength(files['index.js']) / 1024).toFixed(0);
  console.log(`dist/index.js: ${kb} KiB; ${DOC} usage section written`);
}
