// Original file: proto/orch/admin/v1/common.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';

/**
 * Asks for one version of a task, workflow or launch plan.
 */
export interface ObjectGetRequest {
  /**
   * The version: project, domain, name and version are required.
   */
  'id'?: (_orch_core_v1_Identifier | null);
}

/**
 * Asks for one version of a task, workflow or launch plan.
 */
export interface ObjectGetRequest__Output {
  /**
   * The version: project, domain, name and version are required.
   */
  'id': (_orch_core_v1_Identifier__Output | null);
}
