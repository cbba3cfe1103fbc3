// Original file: proto/orch/core/tasks.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { TypedInterface as _orch_core_TypedInterface, TypedInterface__Output as _orch_core_TypedInterface__Output } from '../../orch/core/TypedInterface.js';
import type { TaskMetadata as _orch_core_TaskMetadata, TaskMetadata__Output as _orch_core_TaskMetadata__Output } from '../../orch/core/TaskMetadata.js';
import type { Container as _orch_core_Container, Container__Output as _orch_core_Container__Output } from '../../orch/core/Container.js';
import type { SecurityContext as _orch_core_SecurityContext, SecurityContext__Output as _orch_core_SecurityContext__Output } from '../../orch/core/SecurityContext.js';

export interface TaskTemplate {
  'id'?: (_orch_core_Identifier | null);
  'type'?: (string);
  'interface'?: (_orch_core_TypedInterface | null);
  'metadata'?: (_orch_core_TaskMetadata | null);
  'container'?: (_orch_core_Container | null);
  'security_context'?: (_orch_core_SecurityContext | null);
  'target'?: "container";
}

export interface TaskTemplate__Output {
  'id': (_orch_core_Identifier__Output | null);
  'type': (string);
  'interface': (_orch_core_TypedInterface__Output | null);
  'metadata': (_orch_core_TaskMetadata__Output | null);
  'container'?: (_orch_core_Container__Output | null);
  'security_context': (_orch_core_SecurityContext__Output | null);
  'target'?: "container";
}
