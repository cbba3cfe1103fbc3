// Original file: proto/orch/admin/v1/app.proto

import type { AppLogLine as _orch_admin_v1_AppLogLine, AppLogLine__Output as _orch_admin_v1_AppLogLine__Output } from '../../../orch/admin/v1/AppLogLine.js';

/**
 * The last lines the app's latest instance(s) printed, as this admin server received them.
 */
export interface GetAppLogsResponse {
  /**
   * The revision the lines are from; 0 when this server has started no instance of the app since it
   * started (its lines are kept in memory only, the last 500 per app).
   */
  'revision'?: (number);
  /**
   * The lines, oldest first.
   */
  'lines'?: (_orch_admin_v1_AppLogLine)[];
}

/**
 * The last lines the app's latest instance(s) printed, as this admin server received them.
 */
export interface GetAppLogsResponse__Output {
  /**
   * The revision the lines are from; 0 when this server has started no instance of the app since it
   * started (its lines are kept in memory only, the last 500 per app).
   */
  'revision': (number);
  /**
   * The lines, oldest first.
   */
  'lines': (_orch_admin_v1_AppLogLine__Output)[];
}
