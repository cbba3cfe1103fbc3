// Original file: proto/orch/admin/common.proto

import type { Identifier as _orch_core_Identifier, Identifier__Output as _orch_core_Identifier__Output } from '../../orch/core/Identifier.js';

/**
 * Asks for one version of a task, workflow or launch plan.
 */
export interface ObjectGetRequest {
  /**
   * The version: project, domain, name and version are required.
   */
  'id'?: (_orch_core_Identifier | null);
}

/**
 * Asks for one version of a task, workflow or launch plan.
 */
export interface ObjectGetRequest__Output {
  /**
   * The version: project, domain, name and version are required.
   */
  'id': (_orch_core_Identifier__Output | null);
}
