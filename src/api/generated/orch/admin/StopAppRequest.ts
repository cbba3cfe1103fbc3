// Original file: proto/orch/admin/app.proto

import type { AppIdentifier as _orch_admin_AppIdentifier, AppIdentifier__Output as _orch_admin_AppIdentifier__Output } from '../../orch/admin/AppIdentifier.js';

/**
 * Stop (admin): stops every instance of the app.
 */
export interface StopAppRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_AppIdentifier | null);
}

/**
 * Stop (admin): stops every instance of the app.
 */
export interface StopAppRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_AppIdentifier__Output | null);
}
