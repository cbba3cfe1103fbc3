#!/usr/bin/env node
// App deployments and image builds on the docker runtime, against the local runtime where it applies.
//
// 1. `deploy apps` from its first status (Pending) to Started, for an image the engine already has:
//    DEPLOYS (default 5) deployments of a small Node HTTP app, each a new revision, against an
//    in-process admin on SQLite, with the local runtime then the docker one. Prints the median of each
//    and their ratio.
// 2. An image build with one npm package (BUILD_PACKAGE, default left-pad==1.3.0, from npm's own
//    registry or NPM_REGISTRY), from the Dockerfile `deploy apps` generates, without the engine's cache,
//    on IMAGE (default: a Node image made from this host's files). Prints its seconds.
// Run with `npm run bench:images` (builds first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildImage } from '../lib/apps/image-build.js';
import { imageSpecDockerfile } from '../lib/apps/image-spec-build.js';
import { nodeTestImage, testEngine } from '../test/helpers/docker.ts';
import { freePort } from '../test/helpers/server.ts';
import { startBenchAdmin } from './admin.mjs';
import { recordFigure } from './figures.mjs';

const deploys = Number(process.env.DEPLOYS ?? 5);
const image = process.env.IMAGE || (await nodeTestImage());
const APP = "require('http').createServer((q,r)=>r.end('ok')).listen(Number(process.env.PORT),'0.0.0.0')";

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Milliseconds from Pending to Started of each of `deploys` deployments on `runtime`. */
async function deployTimes(runtime) {
  const { client, close } = await startBenchAdmin({
    flags: { 'runtime.type': runtime, 'runtime.docker.defaultImage': image },
  });
  const port = await freePort();
  const times = [];
  try {
    for (let i = 0; i < deploys; i += 1) {
      let pendingAt = 0;
      const last = await client.deployApp(
        {
          spec: {
            id: { name: 'bench', project: 'default', domain: 'development', org: '' },
            port,
            args: [runtime === 'local' ? process.execPath : 'node', '-e', APP],
            env: { ROUND: String(i) },
            requires_auth: false,
          },
        },
        (status) => {
          if (!pendingAt && status.state === 'Pending') pendingAt = performance.now();
        },
      );
      if (last.state !== 'Started')
        throw new Error(`deploy ${i} on ${runtime}: ${last.state} ${last.message}`);
      times.push(performance.now() - pendingAt);
    }
    await client.stopApp({ id: { name: 'bench', project: 'default', domain: 'development', org: '' } });
  } finally {
    await close();
  }
  return times;
}

const local = await deployTimes('local');
const docker = await deployTimes('docker');
console.log(`deploy apps, Pending to Started, ${deploys} deployments each, image ${image}`);
console.log(
  `local runtime:  median ${median(local).toFixed(0)} ms (${local.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(
  `docker runtime: median ${median(docker).toFixed(0)} ms (${docker.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(`ratio (docker / local): ${(median(docker) / median(local)).toFixed(2)}`);
recordFigure('deploy apps Pending to Started, local', median(local), 'ms');
recordFigure('deploy apps Pending to Started, docker', median(docker), 'ms');

const pkg = process.env.BUILD_PACKAGE || 'left-pad==1.3.0';
const context = mkdtempSync(join(tmpdir(), 'orch-images-build-'));
try {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    join(context, 'Dockerfile'),
    imageSpecDockerfile({ name: 'bench', registry: '', packages: [pkg], base_image: image }),
  );
  const engine = testEngine();
  const tag = 'orch-bench/image-build:latest';
  const start = performance.now();
  await buildImage(engine, {
    context,
    files: ['Dockerfile'],
    tag,
    noCache: true,
    networkMode: 'host',
    buildArgs: process.env.NPM_REGISTRY ? { npm_config_registry: process.env.NPM_REGISTRY } : {},
  });
  const seconds = (performance.now() - start) / 1000;
  await engine.getImage(tag).remove({ force: true });
  console.log(`image build with one npm package (${pkg}), no cache: ${seconds.toFixed(1)} s`);
  recordFigure('image build with one npm package', seconds, 's');
} finally {
  rmSync(context, { recursive: true, force: true });
}
