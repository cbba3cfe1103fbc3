// Original file: proto/orch/admin/v1/app.proto

import type { Long } from '@grpc/proto-loader';

/**
 * Where a deployment stands. State is `Pending`, `Started`, `Failed` or `Stopped`; a Pending status
 * carries a reason (`RevisionMissing`, `IngressNotConfigured`, `Uninitialized`) in its message.
 */
export interface AppStatus {
  /**
   * `Pending`, `Started`, `Failed` or `Stopped`.
   */
  'state'?: (string);
  /**
   * What is happening, or why it failed.
   */
  'message'?: (string);
  /**
   * The app's URL on the apps sub-domain, once it is routed.
   */
  'endpoint'?: (string);
  /**
   * The revision this status is about (1 for the first deployment, then 2, ...).
   */
  'revision'?: (number);
  /**
   * Milliseconds since the epoch.
   */
  'updated_at_ms'?: (number | string | Long);
}

/**
 * Where a deployment stands. State is `Pending`, `Started`, `Failed` or `Stopped`; a Pending status
 * carries a reason (`RevisionMissing`, `IngressNotConfigured`, `Uninitialized`) in its message.
 */
export interface AppStatus__Output {
  /**
   * `Pending`, `Started`, `Failed` or `Stopped`.
   */
  'state': (string);
  /**
   * What is happening, or why it failed.
   */
  'message': (string);
  /**
   * The app's URL on the apps sub-domain, once it is routed.
   */
  'endpoint': (string);
  /**
   * The revision this status is about (1 for the first deployment, then 2, ...).
   */
  'revision': (number);
  /**
   * Milliseconds since the epoch.
   */
  'updated_at_ms': (string);
}
