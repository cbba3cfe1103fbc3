// Original file: proto/orch/admin/v1/version.proto

import type { Version as _orch_admin_v1_Version, Version__Output as _orch_admin_v1_Version__Output } from '../../../orch/admin/v1/Version.js';

/**
 * The server's version.
 */
export interface GetVersionResponse {
  /**
   * The admin server's build.
   */
  'control_plane_version'?: (_orch_admin_v1_Version | null);
}

/**
 * The server's version.
 */
export interface GetVersionResponse__Output {
  /**
   * The admin server's build.
   */
  'control_plane_version': (_orch_admin_v1_Version__Output | null);
}
