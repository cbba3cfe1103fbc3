// Original file: proto/orch/admin/v1/app.proto

import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from '../../../orch/admin/v1/AppIdentifier.js';

/**
 * GetLogs (viewer): NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a bad identifier.
 */
export interface GetAppLogsRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_v1_AppIdentifier | null);
  /**
   * At most this many of the newest lines; 0 for 100, capped at 500 (the lines this server keeps).
   */
  'limit'?: (number);
}

/**
 * GetLogs (viewer): NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a bad identifier.
 */
export interface GetAppLogsRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_v1_AppIdentifier__Output | null);
  /**
   * At most this many of the newest lines; 0 for 100, capped at 500 (the lines this server keeps).
   */
  'limit': (number);
}
