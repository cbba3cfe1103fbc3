// Original file: proto/orch/admin/v1/app.proto

import type { AppSpec as _orch_admin_v1_AppSpec, AppSpec__Output as _orch_admin_v1_AppSpec__Output } from '../../../orch/admin/v1/AppSpec.js';
import type { AppStatus as _orch_admin_v1_AppStatus, AppStatus__Output as _orch_admin_v1_AppStatus__Output } from '../../../orch/admin/v1/AppStatus.js';

/**
 * An app and where it stands.
 */
export interface App {
  /**
   * What runs.
   */
  'spec'?: (_orch_admin_v1_AppSpec | null);
  /**
   * Its latest status.
   */
  'status'?: (_orch_admin_v1_AppStatus | null);
}

/**
 * An app and where it stands.
 */
export interface App__Output {
  /**
   * What runs.
   */
  'spec': (_orch_admin_v1_AppSpec__Output | null);
  /**
   * Its latest status.
   */
  'status': (_orch_admin_v1_AppStatus__Output | null);
}
