// Original file: proto/orch/admin/app.proto

import type { AppIdentifier as _orch_admin_AppIdentifier, AppIdentifier__Output as _orch_admin_AppIdentifier__Output } from '../../orch/admin/AppIdentifier.js';
import type { ImageSpec as _orch_admin_ImageSpec, ImageSpec__Output as _orch_admin_ImageSpec__Output } from '../../orch/admin/ImageSpec.js';
import type { AppResources as _orch_admin_AppResources, AppResources__Output as _orch_admin_AppResources__Output } from '../../orch/admin/AppResources.js';
import type { AppSecret as _orch_admin_AppSecret, AppSecret__Output as _orch_admin_AppSecret__Output } from '../../orch/admin/AppSecret.js';

export interface AppSpec {
  'id'?: (_orch_admin_AppIdentifier | null);
  'image'?: (_orch_admin_ImageSpec | null);
  'limits'?: (_orch_admin_AppResources | null);
  'port'?: (number);
  'args'?: (string)[];
  'secrets'?: (_orch_admin_AppSecret)[];
  'requires_auth'?: (boolean);
  'code_bundle'?: (string);
  'env'?: ({[key: string]: string});
  'replicas'?: (number);
}

export interface AppSpec__Output {
  'id': (_orch_admin_AppIdentifier__Output | null);
  'image': (_orch_admin_ImageSpec__Output | null);
  'limits': (_orch_admin_AppResources__Output | null);
  'port': (number);
  'args': (string)[];
  'secrets': (_orch_admin_AppSecret__Output)[];
  'requires_auth': (boolean);
  'code_bundle': (string);
  'env': ({[key: string]: string});
  'replicas': (number);
}
