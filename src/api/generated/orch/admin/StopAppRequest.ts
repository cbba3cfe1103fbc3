// Original file: proto/orch/admin/app.proto

import type { AppIdentifier as _orch_admin_AppIdentifier, AppIdentifier__Output as _orch_admin_AppIdentifier__Output } from '../../orch/admin/AppIdentifier.js';

export interface StopAppRequest {
  'id'?: (_orch_admin_AppIdentifier | null);
}

export interface StopAppRequest__Output {
  'id': (_orch_admin_AppIdentifier__Output | null);
}
