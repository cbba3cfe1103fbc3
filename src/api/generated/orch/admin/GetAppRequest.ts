// Original file: proto/orch/admin/app.proto

import type { AppIdentifier as _orch_admin_AppIdentifier, AppIdentifier__Output as _orch_admin_AppIdentifier__Output } from '../../orch/admin/AppIdentifier.js';

/**
 * Get (viewer): NOT_FOUND when absent.
 */
export interface GetAppRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_AppIdentifier | null);
}

/**
 * Get (viewer): NOT_FOUND when absent.
 */
export interface GetAppRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_AppIdentifier__Output | null);
}
