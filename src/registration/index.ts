/**
 * Registration (DESIGN.md, "Workflow files"): load and validate a workflow file, compile it to task,
 * workflow and launch plan specs, compute its version, register the entities.
 */
export { type CompiledEntities, compileWorkflowFile, type RegistrationTarget } from './compile.js';
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
