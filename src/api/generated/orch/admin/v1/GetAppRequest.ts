// Original file: proto/orch/admin/v1/app.proto

import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from '../../../orch/admin/v1/AppIdentifier.js';

/**
 * Get (viewer): NOT_FOUND when absent.
 */
export interface GetAppRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_v1_AppIdentifier | null);
}

/**
 * Get (viewer): NOT_FOUND when absent.
 */
export interface GetAppRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_v1_AppIdentifier__Output | null);
}
