// Original file: proto/orch/admin/v1/execution.proto

import type { Identifier as _orch_core_v1_Identifier, Identifier__Output as _orch_core_v1_Identifier__Output } from '../../../orch/core/v1/Identifier.js';
import type { ExecutionMetadata as _orch_admin_v1_ExecutionMetadata, ExecutionMetadata__Output as _orch_admin_v1_ExecutionMetadata__Output } from '../../../orch/admin/v1/ExecutionMetadata.js';

/**
 * What is launched.
 */
export interface ExecutionSpec {
  /**
   * The launch plan version to run (resource type LAUNCH_PLAN, project, domain, name, version).
   */
  'launch_plan'?: (_orch_core_v1_Identifier | null);
  /**
   * How it was launched; the server sets principal.
   */
  'metadata'?: (_orch_admin_v1_ExecutionMetadata | null);
  /**
   * Free-form labels of the launch (at most 64; keys up to 253 characters, values up to 2048);
   * the console links `orch.dev/pull-request` and `orch.dev/commit` when they are http(s) URLs.
   */
  'annotations'?: ({[key: string]: string});
}

/**
 * What is launched.
 */
export interface ExecutionSpec__Output {
  /**
   * The launch plan version to run (resource type LAUNCH_PLAN, project, domain, name, version).
   */
  'launch_plan': (_orch_core_v1_Identifier__Output | null);
  /**
   * How it was launched; the server sets principal.
   */
  'metadata': (_orch_admin_v1_ExecutionMetadata__Output | null);
  /**
   * Free-form labels of the launch (at most 64; keys up to 253 characters, values up to 2048);
   * the console links `orch.dev/pull-request` and `orch.dev/commit` when they are http(s) URLs.
   */
  'annotations': ({[key: string]: string});
}
