// Original file: proto/orch/admin/v1/execution.proto

import type { ExecutionSpec as _orch_admin_v1_ExecutionSpec, ExecutionSpec__Output as _orch_admin_v1_ExecutionSpec__Output } from '../../../orch/admin/v1/ExecutionSpec.js';
import type { LiteralMap as _orch_core_v1_LiteralMap, LiteralMap__Output as _orch_core_v1_LiteralMap__Output } from '../../../orch/core/v1/LiteralMap.js';

/**
 * CreateExecution (contributor): INVALID_ARGUMENT for a bad name or inputs that do not fit the launch
 * plan, NOT_FOUND for an unknown project or launch plan, ALREADY_EXISTS when the name is taken.
 */
export interface ExecutionCreateRequest {
  /**
   * The project of the execution (required).
   */
  'project'?: (string);
  /**
   * The domain of the execution (required): development, staging or production.
   */
  'domain'?: (string);
  /**
   * Lower-case letters, digits and dashes, starting with a letter; generated when empty.
   */
  'name'?: (string);
  /**
   * The launch plan to run.
   */
  'spec'?: (_orch_admin_v1_ExecutionSpec | null);
  /**
   * The inputs, by name; fixed inputs may not be given, required ones must be.
   */
  'inputs'?: (_orch_core_v1_LiteralMap | null);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * CreateExecution (contributor): INVALID_ARGUMENT for a bad name or inputs that do not fit the launch
 * plan, NOT_FOUND for an unknown project or launch plan, ALREADY_EXISTS when the name is taken.
 */
export interface ExecutionCreateRequest__Output {
  /**
   * The project of the execution (required).
   */
  'project': (string);
  /**
   * The domain of the execution (required): development, staging or production.
   */
  'domain': (string);
  /**
   * Lower-case letters, digits and dashes, starting with a letter; generated when empty.
   */
  'name': (string);
  /**
   * The launch plan to run.
   */
  'spec': (_orch_admin_v1_ExecutionSpec__Output | null);
  /**
   * The inputs, by name; fixed inputs may not be given, required ones must be.
   */
  'inputs': (_orch_core_v1_LiteralMap__Output | null);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
