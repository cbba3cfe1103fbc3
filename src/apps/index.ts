/**
 * Apps (DESIGN.md, "App files"): load and validate an app file.
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
