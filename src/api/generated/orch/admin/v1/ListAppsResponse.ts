// Original file: proto/orch/admin/v1/app.proto

import type { App as _orch_admin_v1_App, App__Output as _orch_admin_v1_App__Output } from '../../../orch/admin/v1/App.js';

/**
 * The apps of a scope.
 */
export interface ListAppsResponse {
  /**
   * The apps.
   */
  'apps'?: (_orch_admin_v1_App)[];
  /**
   * Always empty: the answer is one page.
   */
  'token'?: (string);
}

/**
 * The apps of a scope.
 */
export interface ListAppsResponse__Output {
  /**
   * The apps.
   */
  'apps': (_orch_admin_v1_App__Output)[];
  /**
   * Always empty: the answer is one page.
   */
  'token': (string);
}
