// Original file: proto/orch/admin/v1/app.proto

import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from '../../../orch/admin/v1/AppIdentifier.js';

/**
 * ListRevisions (viewer): NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a bad identifier.
 */
export interface ListAppRevisionsRequest {
  /**
   * The app.
   */
  'id'?: (_orch_admin_v1_AppIdentifier | null);
  /**
   * At most this many revisions, newest first; 0 for 100, capped at 1000.
   */
  'limit'?: (number);
}

/**
 * ListRevisions (viewer): NOT_FOUND when no such app is deployed; INVALID_ARGUMENT for a bad identifier.
 */
export interface ListAppRevisionsRequest__Output {
  /**
   * The app.
   */
  'id': (_orch_admin_v1_AppIdentifier__Output | null);
  /**
   * At most this many revisions, newest first; 0 for 100, capped at 1000.
   */
  'limit': (number);
}
