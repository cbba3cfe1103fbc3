// Original file: proto/orch/admin/v1/app.proto

import type { AppSpec as _orch_admin_v1_AppSpec, AppSpec__Output as _orch_admin_v1_AppSpec__Output } from '../../../orch/admin/v1/AppSpec.js';

/**
 * Deploy (admin): INVALID_ARGUMENT for a bad spec, ALREADY_EXISTS when another project holds the name.
 */
export interface DeployAppRequest {
  /**
   * What to run.
   */
  'spec'?: (_orch_admin_v1_AppSpec | null);
  /**
   * How long to wait for the new revision to become healthy, in seconds (0: the server's default).
   */
  'timeout_seconds'?: (number);
}

/**
 * Deploy (admin): INVALID_ARGUMENT for a bad spec, ALREADY_EXISTS when another project holds the name.
 */
export interface DeployAppRequest__Output {
  /**
   * What to run.
   */
  'spec': (_orch_admin_v1_AppSpec__Output | null);
  /**
   * How long to wait for the new revision to become healthy, in seconds (0: the server's default).
   */
  'timeout_seconds': (number);
}
