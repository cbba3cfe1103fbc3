// Original file: proto/orch/admin/launch_plan.proto

import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from '../../orch/admin/NamedEntityIdentifier.js';

export interface ActiveLaunchPlanRequest {
  'id'?: (_orch_admin_NamedEntityIdentifier | null);
}

export interface ActiveLaunchPlanRequest__Output {
  'id': (_orch_admin_NamedEntityIdentifier__Output | null);
}
