// Original file: proto/orch/admin/app.proto

import type { App as _orch_admin_App, App__Output as _orch_admin_App__Output } from '../../orch/admin/App.js';

export interface ListAppsResponse {
  'apps'?: (_orch_admin_App)[];
  'token'?: (string);
}

export interface ListAppsResponse__Output {
  'apps': (_orch_admin_App__Output)[];
  'token': (string);
}
