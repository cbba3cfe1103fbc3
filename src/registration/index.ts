/** Workflow-file loading and validation, compilation, version computation and the registrar. */
export { type CompiledEntities, compileWorkflowFile, type RegistrationTarget } from './compile.js';
export { type EntityKind, type RegisteredEntity, RegistrationError, registerEntities } from './registrar.js';
export { computeVersion, VERSION_LENGTH, versionOf } from './version.js';
export {
  type FileProblem,
  type LoadedWorkflowFile,
  loadWorkflowFile,
  referenceOf,
  type WorkflowFileDoc,
  WorkflowFileError,
} from './workflow-file.js';
