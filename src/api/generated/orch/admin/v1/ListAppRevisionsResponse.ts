// Original file: proto/orch/admin/v1/app.proto

import type { AppRevision as _orch_admin_v1_AppRevision, AppRevision__Output as _orch_admin_v1_AppRevision__Output } from '../../../orch/admin/v1/AppRevision.js';

/**
 * An app's revisions, newest first.
 */
export interface ListAppRevisionsResponse {
  /**
   * The revisions, highest number first.
   */
  'revisions'?: (_orch_admin_v1_AppRevision)[];
}

/**
 * An app's revisions, newest first.
 */
export interface ListAppRevisionsResponse__Output {
  /**
   * The revisions, highest number first.
   */
  'revisions': (_orch_admin_v1_AppRevision__Output)[];
}
