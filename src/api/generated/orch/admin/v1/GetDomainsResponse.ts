// Original file: proto/orch/admin/v1/project.proto

import type { Domain as _orch_admin_v1_Domain, Domain__Output as _orch_admin_v1_Domain__Output } from '../../../orch/admin/v1/Domain.js';

/**
 * The domains every project has.
 */
export interface GetDomainsResponse {
  /**
   * development, staging and production.
   */
  'domains'?: (_orch_admin_v1_Domain)[];
}

/**
 * The domains every project has.
 */
export interface GetDomainsResponse__Output {
  /**
   * development, staging and production.
   */
  'domains': (_orch_admin_v1_Domain__Output)[];
}
