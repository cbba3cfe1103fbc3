// Original file: proto/orch/core/v1/workflow.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { TypedInterface as _orch_core_v1_TypedInterface, TypedInterface__Output as _orch_core_v1_TypedInterface__Output } from '../../../orch/core/v1/TypedInterface.js';
import type { Node as _orch_core_v1_Node, Node__Output as _orch_core_v1_Node__Output } from '../../../orch/core/v1/Node.js';
import type { Binding as _orch_core_v1_Binding, Binding__Output as _orch_core_v1_Binding__Output } from '../../../orch/core/v1/Binding.js';

/**
 * A workflow: a graph of nodes with typed inputs and outputs.
 */
export interface WorkflowTemplate {
  /**
   * The workflow version.
   */
  'id'?: (_orch_core_v1_Identifier | null);
  /**
   * Its inputs and outputs.
   */
  'interface'?: (_orch_core_v1_TypedInterface | null);
  /**
   * Its nodes.
   */
  'nodes'?: (_orch_core_v1_Node)[];
  /**
   * Where each workflow output takes its value from.
   */
  'outputs'?: (_orch_core_v1_Binding)[];
}

/**
 * A workflow: a graph of nodes with typed inputs and outputs.
 */
export interface WorkflowTemplate__Output {
  /**
   * The workflow version.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
  /**
   * Its inputs and outputs.
   */
  'interface': (_orch_core_v1_TypedInterface__Output | null);
  /**
   * Its nodes.
   */
  'nodes': (_orch_core_v1_Node__Output)[];
  /**
   * Where each workflow output takes its value from.
   */
  'outputs': (_orch_core_v1_Binding__Output)[];
}
