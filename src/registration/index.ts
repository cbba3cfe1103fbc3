/**
 * Registration (DESIGN.md, "Workflow files"): load and validate a workflow file, compile it to task,
 * workflow and launch plan specs, compute its version, register the entities.
 */
export { BundleTooLargeError, bundleFiles, type CodeBundle, packBundle } from './bundle.js';
export {
  type CompiledEntities,
  type CompileOptions,
  compileWorkflowFile,
  type RegistrationTarget,
} from './compile.js';
export {
  type EntityResult,
  type EntityStatus,
  type RegisterFilesOptions,
  type RegistrationReport,
  registerFiles,
} from './register-files.js';
export { type EntityKind, type RegisteredEntity, RegistrationError, registerEntities } from './registrar.js';
export { computeVersion, VERSION_LENGTH, versionOf } from './version.js';
export {
  type FileProblem,
  type LaunchPlanDoc,
  type LoadedWorkflowFile,
  loadWorkflowFile,
  type Reference,
  referenceOf,
  type TaskDoc,
  type WorkflowDoc,
  type WorkflowFileDoc,
  WorkflowFileError,
} from './workflow-file.js';
