import type { Command } from 'commander';
import { parseDuration } from '../api/duration.js';
import { oneOrMany, toMappedJson } from '../api/json.js';
import { addFlagOptions, type CliIO } from '../config/commander.js';
import { ConfigError } from '../config/errors.js';
import type { Config } from '../config/load.js';
import { parseQuantity } from '../config/quantity.js';
import { PLATFORM_CLIENT_FLAGS } from '../config/registry.js';
import { targetOf } from '../config/target.js';
import { table } from './manage.js';
import { type ClientFactory, clientRunner } from './with-client.js';

const CLIENT_FLAGS = ['config', 'project', 'domain', ...PLATFORM_CLIENT_FLAGS];

/** Thrown after `orch deploy apps` printed a Failed status (exit 1). */
class DeployFailed extends Error {
  override name = 'DeployFailed';
}

/**
 * `orch deploy apps <app_file> <app_name>`, `orch get apps`, `orch stop apps` (spec, "Platform CLI
 * commands used"): loads the app file, checks the image (`Image <ref> found. Skip building.` when
 * the registry has it; the local runtime needs none and says so), ships the `include` files as a
 * code bundle, deploys, prints each status as `[Status] <State>: <message>`, then the endpoint.
 */
export function addAppCommands(program: Command, io: CliIO, platformClient: ClientFactory): void {
  const find = (name: string) => program.commands.find((c) => c.name() === name);
  const deploy = find('deploy') ?? program.command('deploy').description('deploy apps');
  const get = find('get') ?? program.command('get');
  const stop = find('stop') ?? program.command('stop').description('stop deployed apps');

  const scopeOf = (config: Config) => ({ ...targetOf(config), org: config.org ?? '' });
  const withClient = clientRunner(io, platformClient);

  addFlagOptions(
    deploy
      .command('apps')
      .argument('<app_file>', 'the app file (YAML or JSON), e.g. examples/webhook/app.yaml')
      .argument('<app_name>', 'the app of that file to deploy')
      .option('--timeout <duration>', 'how long to wait for the app to be ready', '10m')
      .description(
        "build the app's image when its registry lacks it, deploy the app, stream its status until it is ready",
      )
      .addHelpText(
        'after',
        '\nWith a registry (container_image.registry, such as $IMAGE_SPEC_REGISTRY) the image\n' +
          '<registry>/<name>:<tag> is looked up there; when it is missing it is built on the container\n' +
          'engine at DOCKER_HOST (or the default socket) from the image spec: the base image with the\n' +
          'packages installed by npm (--images.npmRegistry for a private registry), then pushed with\n' +
          'the credentials of the Docker config file (docker login). A failed build prints the failing\n' +
          'step and its log, and exits 1.\n\n' +
          'Secrets the app names must exist first (orch create secret). The app is served at\n' +
          'http://<app>.apps.localhost:<admin HTTP port>.\n\n' +
          'Example:\n  orch deploy apps examples/webhook/app.yaml webhook\n',
      ),
    [...CLIENT_FLAGS, 'server.dataProxy.upload.maxSize', 'images.npmRegistry', 'images.defaultBaseImage'],
  ).action(async (file: string, name: string, opts: Record<string, unknown>, command: Command) => {
    let timeoutSeconds: number;
    try {
      timeoutSeconds = parseDuration(String(opts.timeout));
    } catch {
      throw new ConfigError(`"${String(opts.timeout)}" is not a duration such as 90s or 10m`, '--timeout');
    }
    const { deployAppFile } = await import('../apps/index.js');
    await withClient(command, async (client, config) => {
      const scope = scopeOf(config);
      const last = await deployAppFile(client, file, name, {
        env: io.env,
        scope,
        timeoutSeconds,
        onLine: (line) => io.stdout.write(`${line}\n`),
        onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
        buildImage: async (image, ref) => {
          const [specBuild, engines, { parseImageReference }] = await Promise.all([
            import('../apps/image-spec-build.js'),
            import('../engines/docker-engine.js'),
            import('../apps/image.js'),
          ]);
          const address = engines.engineAddress('', io.env);
          const engine = engines.connectEngine(address);
          await engines.checkEngine(engine, address);
          const auth = await specBuild.registryAuthFromDockerConfig(
            parseImageReference(ref).registry,
            io.env,
          );
          await specBuild.buildAndPushImageSpec(engine, image, ref, {
            npmRegistry: config.images.npmRegistry,
            defaultBaseImage: config.images.defaultBaseImage,
            auth,
            onLine: (line) => io.stdout.write(`${line}\n`),
          });
        },
        shipFiles: async (dir, files) => {
          const [{ packBundle }, { uploadBundle }] = await Promise.all([
            import('../registration/bundle.js'),
            import('../registration/register-files.js'),
          ]);
          const maxBytes = parseQuantity(config.server.dataProxy.upload.maxSize);
          return uploadBundle(client, scope, await packBundle(dir, { files, maxBytes }), fetch);
        },
      });
      if (last.state !== 'Started') throw new DeployFailed(`app ${name} did not start (${last.state})`);
      io.stdout.write(`${last.endpoint}\n`);
    });
  });

  addFlagOptions(
    get
      .command('apps')
      .argument('[name]', 'one app (default: every app of the project and domain)')
      .description('show deployed apps: state, endpoint, revision'),
    [...CLIENT_FLAGS, 'output'],
  ).action(async (name: string | undefined, _opts: unknown, command: Command) => {
    await withClient(command, async (client, config) => {
      const scope = scopeOf(config);
      const apps = name
        ? [await client.getApp({ id: { name, ...scope } })]
        : (await client.listApps({ ...scope, limit: 1000 })).apps;
      if (config.output.toLowerCase() === 'json') {
        const docs = apps.map((app) => toMappedJson('orch.admin.v1.App', app));
        io.stdout.write(`${JSON.stringify(oneOrMany(docs, !name), null, 2)}\n`);
        return;
      }
      const rows = apps.map((a) => [
        a.spec?.id?.name ?? '',
        a.status?.state ?? '',
        String(a.status?.revision ?? ''),
        a.status?.endpoint || '-',
        (a.status?.message ?? '').split('\n')[0] ?? '',
      ]);
      io.stdout.write(table(['NAME', 'STATE', 'REVISION', 'ENDPOINT', 'MESSAGE'], rows));
    });
  });

  addFlagOptions(
    stop
      .command('apps')
      .requiredOption('--name <name>', 'the app to stop')
      .description('stop a deployed app'),
    CLIENT_FLAGS,
  ).action(async (opts: Record<string, unknown>, command: Command) => {
    await withClient(command, async (client, config) => {
      await client.stopApp({ id: { name: String(opts.name), ...scopeOf(config) } });
    });
    io.stdout.write(`Stopped app ${String(opts.name)}\n`);
  });
}
