#!/usr/bin/env node
// Generates the TypeScript types of proto/ into src/api/generated with the options the
// loader uses at run time (src/api/proto.ts), so that the types describe the objects exactly.
// With --check, generates into a temporary folder and fails when src/api/generated differs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const protoDir = join(root, 'proto');
const target = join(root, 'src/api/generated');
const check = process.argv.includes('--check');

function walk(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

const out = check ? mkdtempSync(join(tmpdir(), 'orch-gen-')) : target;
if (!check) rmSync(target, { recursive: true, force: true });
// The service files import every message file; generating from them alone gives one aggregate type
// per service and one file per message, without a redundant aggregate per imported file.
const files = walk(join(protoDir, 'orch', 'service'))
  .filter((f) => f.endsWith('.proto'))
  .map((f) => relative(protoDir, f));
execFileSync(
  join(root, 'node_modules/.bin/proto-loader-gen-types'),
  [
    '--keepCase',
    '--longs=String',
    '--enums=String',
    '--defaults',
    '--oneofs',
    '--grpcLib=@grpc/grpc-js',
    '-I',
    protoDir,
    '-O',
    out,
    ...files,
  ],
  { stdio: 'inherit' },
);
// Native ESM needs explicit extensions on relative imports.
for (const file of walk(out).filter((f) => f.endsWith('.ts'))) {
  const text = readFileSync(file, 'utf8')
    .replace(/(from\s+'\.{1,2}\/[^']*?)(?<!\.js)'/g, "$1.js'")
    .replace(/^\/\/ Original file: .*?\/proto\//gm, '// Original file: proto/');
  writeFileSync(file, text);
}
if (check) {
  const a = walk(out).map((f) => [relative(out, f), readFileSync(f, 'utf8')]);
  const b = walk(target).map((f) => [relative(target, f), readFileSync(f, 'utf8')]);
  const stale = JSON.stringify(a) !== JSON.stringify(b);
  rmSync(out, { recursive: true, force: true });
  if (stale) {
    console.error('src/api/generated is stale: run `npm run gen:proto` and commit the result.');
    process.exit(1);
  }
  console.log('src/api/generated is up to date.');
}
