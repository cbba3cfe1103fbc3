// Original file: proto/orch/admin/app.proto

import type { AppSpec as _orch_admin_AppSpec, AppSpec__Output as _orch_admin_AppSpec__Output } from '../../orch/admin/AppSpec.js';
import type { AppStatus as _orch_admin_AppStatus, AppStatus__Output as _orch_admin_AppStatus__Output } from '../../orch/admin/AppStatus.js';

/**
 * An app and where it stands.
 */
export interface App {
  /**
   * What runs.
   */
  'spec'?: (_orch_admin_AppSpec | null);
  /**
   * Its latest status.
   */
  'status'?: (_orch_admin_AppStatus | null);
}

/**
 * An app and where it stands.
 */
export interface App__Output {
  /**
   * What runs.
   */
  'spec': (_orch_admin_AppSpec__Output | null);
  /**
   * Its latest status.
   */
  'status': (_orch_admin_AppStatus__Output | null);
}
