// Original file: proto/orch/admin/v1/app.proto

import type { AppStatus as _orch_admin_v1_AppStatus, AppStatus__Output as _orch_admin_v1_AppStatus__Output } from '../../../orch/admin/v1/AppStatus.js';
import type { Long } from '@grpc/proto-loader';

/**
 * One deployment of an app: what it ran and how it ended. Environment variables are given by their
 * names and secrets by the platform secret's name: never a value.
 */
export interface AppRevision {
  /**
   * The revision's number: 1 for the app's first deployment, then 2, ...
   */
  'revision'?: (number);
  /**
   * The image reference `<registry>/<name>:<tag>`; empty when the runtime needs none (`local`).
   */
  'image'?: (string);
  /**
   * The command line, split into arguments.
   */
  'args'?: (string)[];
  /**
   * The port it listens on.
   */
  'port'?: (number);
  /**
   * How many instances served it (at least 1).
   */
  'replicas'?: (number);
  /**
   * The names of its environment variables, sorted (never their values).
   */
  'env_names'?: (string)[];
  /**
   * The names of the platform secrets it gets as environment variables (never their values).
   */
  'secret_names'?: (string)[];
  /**
   * When it was deployed, in milliseconds since the epoch.
   */
  'deployed_at_ms'?: (number | string | Long);
  /**
   * Who deployed it (the authenticated subject); empty when not known.
   */
  'deployed_by'?: (string);
  /**
   * Its last status: `Pending` or `Started` while it is the current revision, or how it ended:
   * `Failed` (the reason), `Stopped` (stopped, or replaced: the message names the revision that replaced
   * it). Its `endpoint` is always empty; `updated_at_ms` is when this status was recorded.
   */
  'status'?: (_orch_admin_v1_AppStatus | null);
}

/**
 * One deployment of an app: what it ran and how it ended. Environment variables are given by their
 * names and secrets by the platform secret's name: never a value.
 */
export interface AppRevision__Output {
  /**
   * The revision's number: 1 for the app's first deployment, then 2, ...
   */
  'revision': (number);
  /**
   * The image reference `<registry>/<name>:<tag>`; empty when the runtime needs none (`local`).
   */
  'image': (string);
  /**
   * The command line, split into arguments.
   */
  'args': (string)[];
  /**
   * The port it listens on.
   */
  'port': (number);
  /**
   * How many instances served it (at least 1).
   */
  'replicas': (number);
  /**
   * The names of its environment variables, sorted (never their values).
   */
  'env_names': (string)[];
  /**
   * The names of the platform secrets it gets as environment variables (never their values).
   */
  'secret_names': (string)[];
  /**
   * When it was deployed, in milliseconds since the epoch.
   */
  'deployed_at_ms': (string);
  /**
   * Who deployed it (the authenticated subject); empty when not known.
   */
  'deployed_by': (string);
  /**
   * Its last status: `Pending` or `Started` while it is the current revision, or how it ended:
   * `Failed` (the reason), `Stopped` (stopped, or replaced: the message names the revision that replaced
   * it). Its `endpoint` is always empty; `updated_at_ms` is when this status was recorded.
   */
  'status': (_orch_admin_v1_AppStatus__Output | null);
}
