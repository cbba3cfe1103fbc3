// Original file: proto/orch/admin/app.proto

import type { AppSpec as _orch_admin_AppSpec, AppSpec__Output as _orch_admin_AppSpec__Output } from '../../orch/admin/AppSpec.js';
import type { AppStatus as _orch_admin_AppStatus, AppStatus__Output as _orch_admin_AppStatus__Output } from '../../orch/admin/AppStatus.js';

export interface App {
  'spec'?: (_orch_admin_AppSpec | null);
  'status'?: (_orch_admin_AppStatus | null);
}

export interface App__Output {
  'spec': (_orch_admin_AppSpec__Output | null);
  'status': (_orch_admin_AppStatus__Output | null);
}
