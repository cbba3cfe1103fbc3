// Original file: proto/orch/admin/common.proto

import type { NamedEntityIdentifier as _orch_admin_NamedEntityIdentifier, NamedEntityIdentifier__Output as _orch_admin_NamedEntityIdentifier__Output } from '../../orch/admin/NamedEntityIdentifier.js';
import type { Sort as _orch_admin_Sort, Sort__Output as _orch_admin_Sort__Output } from '../../orch/admin/Sort.js';

export interface ResourceListRequest {
  'id'?: (_orch_admin_NamedEntityIdentifier | null);
  'limit'?: (number);
  'token'?: (string);
  'filters'?: (string);
  'sort_by'?: (_orch_admin_Sort | null);
}

export interface ResourceListRequest__Output {
  'id': (_orch_admin_NamedEntityIdentifier__Output | null);
  'limit': (number);
  'token': (string);
  'filters': (string);
  'sort_by': (_orch_admin_Sort__Output | null);
}
