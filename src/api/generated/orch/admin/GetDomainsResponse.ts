// Original file: proto/orch/admin/project.proto

import type { Domain as _orch_admin_Domain, Domain__Output as _orch_admin_Domain__Output } from '../../orch/admin/Domain.js';

export interface GetDomainsResponse {
  'domains'?: (_orch_admin_Domain)[];
}

export interface GetDomainsResponse__Output {
  'domains': (_orch_admin_Domain__Output)[];
}
