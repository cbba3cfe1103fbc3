import type { AppStatus__Output as AppStatusOut } from '../api/generated/orch/admin/v1/AppStatus.js';
import type { AdminClient } from '../client/admin-client.js';
import { type ImageSpec, loadAppFile } from './app-file.js';
import { imageExists, imageReference, imageTag } from './image.js';

/** What {@link deployAppFile} needs besides the client, the file and the app's name. */
export interface DeployAppFileOptions {
  /** The environment `${VAR}` references of the file are expanded from (read at the edge). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where the app goes. */
  scope: { project: string; domain: string; org: string };
  /** How long the server may wait for the app to be ready, in seconds. */
  timeoutSeconds: number;
  /** Receives each line to show: the image note, then `[Status] <State>: <message>` per status. */
  onLine: (line: string) => void;
  /** Receives warnings (an image missing from its registry). */
  onWarning: (message: string) => void;
  /**
   * Packs `files` (relative to `dir`, the app file's folder) into a code bundle, uploads it and
   * resolves with its native URL; called only when the app includes files.
   */
  shipFiles: (dir: string, files: string[]) => Promise<string>;
  /** Looks an image up in its registry. @default {@link imageExists} */
  checkImage?: (ref: string) => Promise<boolean>;
  /**
   * Builds the image of `image` as `ref` and pushes it to its registry (see `buildAndPushImageSpec`),
   * reporting progress through `onLine`; called when the registry lacks the image. None: a missing
   * image is a warning (no engine to build with).
   */
  buildImage?: (image: ImageSpec, ref: string) => Promise<void>;
}

/**
 * `orch deploy apps <file> <app>` and the Action's `deploy-app`: loads and checks the app file, looks
 * the image up (`Image <ref> found. Skip building.`; with no registry the local runtime needs none,
 * and says so), builds and pushes it when the registry lacks it (`buildImage`; without one, a
 * warning), ships the `include`
 * files, and deploys, reporting each status as it streams.
 * @returns the last status: `Started` (with the endpoint) or `Failed` (with the reason).
 * @throws AppFileError / UnknownAppError for the file; ImageRegistryError; what `buildImage` throws
 *   (ImageBuildError for a failed step); AdminError from the admin.
 */
export async function deployAppFile(
  client: AdminClient,
  file: string,
  name: string,
  options: DeployAppFileOptions,
): Promise<AppStatusOut> {
  const appFile = await loadAppFile(file, { env: options.env });
  const app = appFile.app(name);
  const image = app.container_image;
  if (image.registry) {
    const ref = imageReference(image);
    if (await (options.checkImage ?? ((r: string) => imageExists(r)))(ref)) {
      options.onLine(`Image ${ref} found. Skip building.`);
    } else if (options.buildImage) {
      options.onLine(`Image ${ref} not found. Building it.`);
      await options.buildImage(image, ref);
      options.onLine(`Image ${ref} built and pushed.`);
    } else {
      options.onWarning(
        `image ${ref} is not in its registry and no image builder is available here; ` +
          "the local runtime runs the app's command on the admin's host without it",
      );
    }
  } else {
    options.onLine(
      `No image registry is set (IMAGE_SPEC_REGISTRY): nothing to build; ${name} runs without an image of its own (on the admin's host, or in the docker runtime's default image).`,
    );
  }
  let codeBundle = '';
  if (app.include.length) {
    const { glob } = await import('tinyglobby');
    const files = await glob(app.include, { cwd: appFile.dir, onlyFiles: true, dot: true });
    if (!files.length) throw new Error(`${file}: apps.${name}.include matches no file under ${appFile.dir}`);
    codeBundle = await options.shipFiles(appFile.dir, files);
  }
  return client.deployApp(
    {
      spec: {
        id: { name, ...options.scope },
        image: { ...image, base_image: image.base_image ?? '', tag: imageTag(image) },
        limits: { cpu: app.limits.cpu, mem: app.limits.mem },
        port: app.port,
        replicas: app.replicas,
        args: app.argv,
        secrets: app.secrets,
        requires_auth: app.requires_auth,
        code_bundle: codeBundle,
        env: app.env,
      },
      timeout_seconds: Math.ceil(options.timeoutSeconds),
    },
    (status) => options.onLine(`[Status] ${status.state}: ${status.message}`),
    { deadlineSeconds: options.timeoutSeconds + 30 },
  );
}
