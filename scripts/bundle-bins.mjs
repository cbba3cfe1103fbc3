#!/usr/bin/env node
/**
 * Bundles the `orchctl` bin (after `tsc`) into lib/bundle/: one ES module for the entry and shared
 * chunks for what it imports, split at its dynamic imports so `--help` never loads gRPC. Loading one
 * file per chunk instead of hundreds of modules is most of what makes a command start fast
 * (`bench/cli-startup.mjs`). Native and file-reading packages stay outside, loaded from node_modules.
 * The bundle keeps its modules' names (stack traces stay readable); it lives at the same depth as
 * lib/<room>/, so `import.meta.url`-relative paths (the proto folder) resolve the same.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}lib/bundle`;
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${root}lib/bin/orchctl.js`],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  // CommonJS dependencies inside an ES module bundle call `require`: give them Node's.
  banner: {
    js: "import { createRequire as __orchRequire } from 'node:module'; const require = __orchRequire(import.meta.url);",
  },
  // Native addons, packages that read their own files, and what orchctl never loads.
  external: [
    'better-sqlite3',
    '@grpc/reflection',
    'oidc-provider',
    'playwright-core',
    'dockerode',
    'pino-pretty',
  ],
});
console.log(`bundled orchctl into ${outdir}`);
