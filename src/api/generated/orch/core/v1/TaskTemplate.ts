// Original file: proto/orch/core/v1/tasks.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { TypedInterface as _orch_core_v1_TypedInterface, TypedInterface__Output as _orch_core_v1_TypedInterface__Output } from '../../../orch/core/v1/TypedInterface.js';
import type { TaskMetadata as _orch_core_v1_TaskMetadata, TaskMetadata__Output as _orch_core_v1_TaskMetadata__Output } from '../../../orch/core/v1/TaskMetadata.js';
import type { Container as _orch_core_v1_Container, Container__Output as _orch_core_v1_Container__Output } from '../../../orch/core/v1/Container.js';
import type { SecurityContext as _orch_core_v1_SecurityContext, SecurityContext__Output as _orch_core_v1_SecurityContext__Output } from '../../../orch/core/v1/SecurityContext.js';

/**
 * A task: its interface and how to run it.
 */
export interface TaskTemplate {
  /**
   * The task version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * The kind of task, e.g. `container`.
   */
  'type'?: (string);
  /**
   * Its inputs and outputs.
   */
  'interface'?: (_orch_core_v1_TypedInterface | null);
  /**
   * Retries, timeout and cache.
   */
  'metadata'?: (_orch_core_v1_TaskMetadata | null);
  /**
   * A process (in a container on container runtimes).
   */
  'container'?: (_orch_core_v1_Container | null);
  /**
   * The secrets the task asks for, injected into its process as environment variables.
   */
  'security_context'?: (_orch_core_v1_SecurityContext | null);
  /**
   * What runs.
   */
  'target'?: "container";
}

/**
 * A task: its interface and how to run it.
 */
export interface TaskTemplate__Output {
  /**
   * The task version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * The kind of task, e.g. `container`.
   */
  'type': (string);
  /**
   * Its inputs and outputs.
   */
  'interface': (_orch_core_v1_TypedInterface__Output | null);
  /**
   * Retries, timeout and cache.
   */
  'metadata': (_orch_core_v1_TaskMetadata__Output | null);
  /**
   * A process (in a container on container runtimes).
   */
  'container'?: (_orch_core_v1_Container__Output | null);
  /**
   * The secrets the task asks for, injected into its process as environment variables.
   */
  'security_context': (_orch_core_v1_SecurityContext__Output | null);
  /**
   * What runs.
   */
  'target'?: "container";
}
