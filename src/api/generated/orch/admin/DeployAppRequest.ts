// Original file: proto/orch/admin/app.proto

import type { AppSpec as _orch_admin_AppSpec, AppSpec__Output as _orch_admin_AppSpec__Output } from '../../orch/admin/AppSpec.js';

export interface DeployAppRequest {
  'spec'?: (_orch_admin_AppSpec | null);
  'timeout_seconds'?: (number);
}

export interface DeployAppRequest__Output {
  'spec': (_orch_admin_AppSpec__Output | null);
  'timeout_seconds': (number);
}
