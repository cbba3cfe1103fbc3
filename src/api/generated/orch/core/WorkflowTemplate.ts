// Original file: proto/orch/core/workflow.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';
import type { TypedInterface as _orch_core_TypedInterface, TypedInterface__Output as _orch_core_TypedInterface__Output } from '../../orch/core/TypedInterface.js';
import type { Node as _orch_core_Node, Node__Output as _orch_core_Node__Output } from '../../orch/core/Node.js';
import type { Binding as _orch_core_Binding, Binding__Output as _orch_core_Binding__Output } from '../../orch/core/Binding.js';

export interface WorkflowTemplate {
  'id'?: (_orch_core_Identifier | null);
  'interface'?: (_orch_core_TypedInterface | null);
  'nodes'?: (_orch_core_Node)[];
  'outputs'?: (_orch_core_Binding)[];
}

export interface WorkflowTemplate__Output {
  'id': (_orch_core_Identifier__Output | null);
  'interface': (_orch_core_TypedInterface__Output | null);
  'nodes': (_orch_core_Node__Output)[];
  'outputs': (_orch_core_Binding__Output)[];
}
