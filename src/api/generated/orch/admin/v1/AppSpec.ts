// Original file: proto/orch/admin/v1/app.proto

import type { AppIdentifier as _orch_admin_v1_AppIdentifier, AppIdentifier__Output as _orch_admin_v1_AppIdentifier__Output } from '../../../orch/admin/v1/AppIdentifier.js';
import type { ImageSpec as _orch_admin_v1_ImageSpec, ImageSpec__Output as _orch_admin_v1_ImageSpec__Output } from '../../../orch/admin/v1/ImageSpec.js';
import type { AppResources as _orch_admin_v1_AppResources, AppResources__Output as _orch_admin_v1_AppResources__Output } from '../../../orch/admin/v1/AppResources.js';
import type { AppSecret as _orch_admin_v1_AppSecret, AppSecret__Output as _orch_admin_v1_AppSecret__Output } from '../../../orch/admin/v1/AppSecret.js';

/**
 * What to run: the app file's fields, resolved by the client.
 */
export interface AppSpec {
  /**
   * The app's name and place.
   */
  'id'?: (_orch_admin_v1_AppIdentifier | null);
  /**
   * Its image.
   */
  'image'?: (_orch_admin_v1_ImageSpec | null);
  /**
   * Its resource limits; empty for the runtime's defaults.
   */
  'limits'?: (_orch_admin_v1_AppResources | null);
  /**
   * The port the app listens on.
   */
  'port'?: (number);
  /**
   * The command line, split into arguments.
   */
  'args'?: (string)[];
  /**
   * The secrets it gets as environment variables.
   */
  'secrets'?: (_orch_admin_v1_AppSecret)[];
  /**
   * When false, the ingress passes requests through without the platform's authentication.
   */
  'requires_auth'?: (boolean);
  /**
   * Native URL of the code bundle holding the app's `include` files (empty: none).
   */
  'code_bundle'?: (string);
  /**
   * Environment variables of its processes.
   */
  'env'?: ({[key: string]: string});
  /**
   * How many instances serve the app (0: 1). More than 1 needs the `swarm` runtime.
   */
  'replicas'?: (number);
}

/**
 * What to run: the app file's fields, resolved by the client.
 */
export interface AppSpec__Output {
  /**
   * The app's name and place.
   */
  'id': (_orch_admin_v1_AppIdentifier__Output | null);
  /**
   * Its image.
   */
  'image': (_orch_admin_v1_ImageSpec__Output | null);
  /**
   * Its resource limits; empty for the runtime's defaults.
   */
  'limits': (_orch_admin_v1_AppResources__Output | null);
  /**
   * The port the app listens on.
   */
  'port': (number);
  /**
   * The command line, split into arguments.
   */
  'args': (string)[];
  /**
   * The secrets it gets as environment variables.
   */
  'secrets': (_orch_admin_v1_AppSecret__Output)[];
  /**
   * When false, the ingress passes requests through without the platform's authentication.
   */
  'requires_auth': (boolean);
  /**
   * Native URL of the code bundle holding the app's `include` files (empty: none).
   */
  'code_bundle': (string);
  /**
   * Environment variables of its processes.
   */
  'env': ({[key: string]: string});
  /**
   * How many instances serve the app (0: 1). More than 1 needs the `swarm` runtime.
   */
  'replicas': (number);
}
