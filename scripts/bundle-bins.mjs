#!/usr/bin/env node
/**
 * Bundles the `orchctl` bin (after `tsc`) into lib/bundle/:
 * - orchctl-program.cjs: the whole program (lib/bin/orchctl-main.js and what it imports), one
 *   CommonJS file. One file instead of hundreds of modules, and CommonJS because Node 20 has no
 *   compile cache for ES modules: the launcher compiles this file with V8's code cache instead.
 * - orchctl.cjs: the launcher (lib/bin/orchctl-launch.js), what package.json's `bin` names.
 * Native and file-reading packages stay outside, loaded from node_modules. The bundles keep their
 * modules' names (stack traces stay readable) and live at the same depth as lib/<room>/, so paths
 * made from `import.meta.url` (the proto folder) resolve the same; `import.meta.url` is the bundle's
 * own file URL. `bench/cli-startup.mjs` measures the start-up this buys.
 */
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}lib/bundle`;
await rm(outdir, { recursive: true, force: true });
const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.19',
  minify: true,
  keepNames: true,
  logLevel: 'warning',
  define: { 'import.meta.url': '__orchBundleUrl' },
  // "use strict" first: a directive after the banner would not count, and the bundled ES modules are strict.
  banner: { js: "'use strict';const __orchBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // Native addons, packages that read their own files, and what orchctl never loads.
  external: [
    'libsql',
    '@grpc/reflection',
    'oidc-provider',
    'playwright-core',
    'dockerode',
    'pino-pretty',
    // The OpenTelemetry SDK and exporters: loaded only with `--otel.type` other than noop.
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/exporter-trace-otlp-grpc',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/otlp-transformer',
    '@opentelemetry/resources',
    '@opentelemetry/core',
    '@opentelemetry/semantic-conventions',
  ],
};
await build({
  ...common,
  entryPoints: [`${root}lib/bin/orchctl-main.js`],
  outfile: `${outdir}/orchctl-program.cjs`,
});
await build({
  ...common,
  entryPoints: [`${root}lib/bin/orchctl-launch.js`],
  outfile: `${outdir}/orchctl.cjs`,
});
console.log(`bundled orchctl into ${outdir}`);
