// Original file: proto/orch/admin/version.proto

import type { Version as _orch_admin_Version, Version__Output as _orch_admin_Version__Output } from '../../orch/admin/Version.js';

export interface GetVersionResponse {
  'control_plane_version'?: (_orch_admin_Version | null);
}

export interface GetVersionResponse__Output {
  'control_plane_version': (_orch_admin_Version__Output | null);
}
