// Original file: proto/orch/admin/v1/app.proto

import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from '../../../orch/admin/v1/AppIdentifier.js';

/**
 * Stop (admin): stops every instance of the app.
 */
export interface StopAppRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_v1_AppIdentifier | null);
}

/**
 * Stop (admin): stops every instance of the app.
 */
export interface StopAppRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_v1_AppIdentifier__Output | null);
}
