// Original file: proto/orch/admin/execution.proto

import type { ExecutionSpec as _orch_admin_ExecutionSpec, ExecutionSpec__Output as _orch_admin_ExecutionSpec__Output } from '../../orch/admin/ExecutionSpec.js';
import type { LiteralMap as _orch_core_LiteralMap, LiteralMap__Output as _orch_core_LiteralMap__Output } from '../../orch/core/LiteralMap.js';

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
  'spec'?: (_orch_admin_ExecutionSpec | null);
  /**
   * The inputs, by name; fixed inputs may not be given, required ones must be.
   */
  'inputs'?: (_orch_core_LiteralMap | null);
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
  'spec': (_orch_admin_ExecutionSpec__Output | null);
  /**
   * The inputs, by name; fixed inputs may not be given, required ones must be.
   */
  'inputs': (_orch_core_LiteralMap__Output | null);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
