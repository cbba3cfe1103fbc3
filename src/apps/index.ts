/**
 * Apps (DESIGN.md, "App files"): load and validate an app file, compute the tag of an app's image and
 * check whether a registry already holds it.
 */
export {
  type AppDefinition,
  type AppFile,
  AppFileError,
  type AppLimits,
  type ImageSpec,
  type LoadAppFileOptions,
  loadAppFile,
  type SecretBinding,
  UnknownAppError,
} from './app-file.js';
export { CommandLineError, splitCommandLine } from './command-line.js';
export { type DeployAppFileOptions, deployAppFile } from './deploy.js';
export {
  IMAGE_TAG_LENGTH,
  type ImageExistsOptions,
  ImageReferenceError,
  ImageRegistryError,
  imageExists,
  imageReference,
  imageTag,
  type ParsedImageReference,
  parseImageReference,
} from './image.js';
