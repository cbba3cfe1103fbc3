import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { create as createTar } from 'tar';
import { type ImageSpec, imageExists, imageReference, imageTag, loadAppFile } from '../../src/apps/index.js';
import {
  DOCKER_REGISTRY,
  type RunningRegistry,
  registryRequired,
  startImageRegistry,
} from '../helpers/registries.js';

// imageExists against a real OCI registry: Debian's docker-registry package (the CNCF distribution
// server), started on a free loopback port with its storage in a temporary folder. The test pushes a
// tiny image through the distribution API under the tag computed for the webhook example, and asks
// whether it is there.

const REGISTRY = DOCKER_REGISTRY;
const required = registryRequired;
const available = existsSync(REGISTRY);
if (!available && !required) {
  console.warn(
    `image-registry: skipped, ${REGISTRY} is not installed (apt-get install docker-registry; ` +
      'set ORCH_TEST_REGISTRY=required to fail instead)',
  );
}
const maybe = available || required ? describe : describe.skip;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';

const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A blob as the manifests name it. */
interface Blob {
  mediaType: string;
  digest: string;
  size: number;
}

maybe('imageExists against a real registry (Debian docker-registry)', () => {
  let registry: RunningRegistry | undefined;
  let host: string;
  let home: string;

  /** Uploads a blob with a POST then a monolithic PUT (distribution spec, "Pushing a blob monolithically"). */
  async function pushBlob(repository: string, bytes: Buffer, mediaType: string): Promise<Blob> {
    const digest = sha256(bytes);
    const start = await fetch(`http://${host}/v2/${repository}/blobs/uploads/`, { method: 'POST' });
    expect(start.status).toBe(202);
    const location = new URL(start.headers.get('location') ?? '', `http://${host}`);
    location.searchParams.set('digest', digest);
    const put = await fetch(location, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(put.status).toBe(201);
    return { mediaType, digest, size: bytes.length };
  }

  /** Puts a manifest under a tag (distribution spec, "Pushing Manifests"). */
  async function pushManifest(
    repository: string,
    tag: string,
    mediaType: string,
    manifest: object,
  ): Promise<Blob> {
    const bytes = Buffer.from(JSON.stringify(manifest));
    const put = await fetch(`http://${host}/v2/${repository}/manifests/${tag}`, {
      method: 'PUT',
      headers: { 'content-type': mediaType },
      body: bytes,
    });
    if (put.status !== 201) throw new Error(`manifest PUT answered ${put.status}: ${await put.text()}`);
    return { mediaType, digest: sha256(bytes), size: bytes.length };
  }

  /** A one-file layer (a real tar.gz) and the image config naming its uncompressed digest. */
  async function pushImageBlobs(
    repository: string,
    dockerTypes = false,
  ): Promise<{ config: Blob; layer: Blob }> {
    await writeFile(join(home, 'hello.txt'), 'hello from orch\n');
    const chunks: Buffer[] = [];
    for await (const chunk of createTar({ cwd: home, portable: true }, ['hello.txt']))
      chunks.push(chunk as Buffer);
    const tar = Buffer.concat(chunks);
    const layer = await pushBlob(
      repository,
      gzipSync(tar),
      dockerTypes
        ? 'application/vnd.docker.image.rootfs.diff.tar.gzip'
        : 'application/vnd.oci.image.layer.v1.tar+gzip',
    );
    const config = await pushBlob(
      repository,
      Buffer.from(
        JSON.stringify({
          architecture: 'amd64',
          os: 'linux',
          config: { Cmd: ['orch-webhook', '--port', '8080'] },
          rootfs: { type: 'layers', diff_ids: [sha256(tar)] },
        }),
      ),
      dockerTypes
        ? 'application/vnd.docker.container.image.v1+json'
        : 'application/vnd.oci.image.config.v1+json',
    );
    return { config, layer };
  }

  beforeAll(async () => {
    if (!available) throw new Error(`ORCH_TEST_REGISTRY=required but ${REGISTRY} is not installed`);
    registry = await startImageRegistry();
    host = registry.address;
    home = await mkdtemp(join(tmpdir(), 'orch-registry-files-'));
  }, 30_000);

  afterAll(async () => {
    await registry?.stop();
    if (home) await rm(home, { recursive: true, force: true });
  });

  test('the webhook example pushed under its computed tag is found; another tag and another name are not', async () => {
    const file = await loadAppFile(join(ROOT, 'examples', 'webhook', 'app.yaml'), {
      env: { IMAGE_SPEC_REGISTRY: `${host}/team` },
    });
    const spec = file.app('webhook').container_image;
    const tag = imageTag(spec);
    const ref = imageReference(spec);
    expect(ref).toBe(`${host}/team/orch-webhook:${tag}`);

    const { config, layer } = await pushImageBlobs('team/orch-webhook');
    await pushManifest('team/orch-webhook', tag, OCI_MANIFEST, {
      schemaVersion: 2,
      mediaType: OCI_MANIFEST,
      config,
      layers: [layer],
    });

    expect(await imageExists(ref)).toBe(true);
    const other = imageTag({ ...spec, packages: ['orch>=0.2.0'] });
    expect(other).not.toBe(tag);
    expect(await imageExists(`${host}/team/orch-webhook:${other}`)).toBe(false);
    expect(await imageExists(`${host}/team/never-pushed:${tag}`)).toBe(false);
  });

  test('an image index (several platforms) and a Docker v2 manifest count as the image too', async () => {
    const spec: ImageSpec = { name: 'multi', packages: ['orch==0.1.0'], registry: host };
    const { config, layer } = await pushImageBlobs('multi');
    const manifest = await pushManifest('multi', 'amd64-only', OCI_MANIFEST, {
      schemaVersion: 2,
      mediaType: OCI_MANIFEST,
      config,
      layers: [layer],
    });
    await pushManifest('multi', imageTag(spec), OCI_INDEX, {
      schemaVersion: 2,
      mediaType: OCI_INDEX,
      manifests: [{ ...manifest, platform: { architecture: 'amd64', os: 'linux' } }],
    });
    expect(await imageExists(imageReference(spec))).toBe(true);

    const docker = await pushImageBlobs('docker-made', true);
    await pushManifest('docker-made', 'v1', DOCKER_MANIFEST, {
      schemaVersion: 2,
      mediaType: DOCKER_MANIFEST,
      config: docker.config,
      layers: [docker.layer],
    });
    expect(await imageExists(`${host}/docker-made:v1`)).toBe(true);
  });
});
