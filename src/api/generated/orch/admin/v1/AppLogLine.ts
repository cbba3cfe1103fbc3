// Original file: proto/orch/admin/v1/app.proto

import type { Long } from '@grpc/proto-loader';

/**
 * One line an app's instance printed (stdout or stderr).
 */
export interface AppLogLine {
  /**
   * When this server received it, in milliseconds since the epoch.
   */
  'at_ms'?: (number | string | Long);
  /**
   * The line without its line break, cut at 500 characters.
   */
  'line'?: (string);
}

/**
 * One line an app's instance printed (stdout or stderr).
 */
export interface AppLogLine__Output {
  /**
   * When this server received it, in milliseconds since the epoch.
   */
  'at_ms': (string);
  /**
   * The line without its line break, cut at 500 characters.
   */
  'line': (string);
}
