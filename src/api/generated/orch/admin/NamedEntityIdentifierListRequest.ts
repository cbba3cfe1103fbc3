// Original file: proto/orch/admin/common.proto

import type { Sort as _orch_admin_Sort, Sort__Output as _orch_admin_Sort__Output } from '../../orch/admin/Sort.js';

export interface NamedEntityIdentifierListRequest {
  'project'?: (string);
  'domain'?: (string);
  'limit'?: (number);
  'token'?: (string);
  'sort_by'?: (_orch_admin_Sort | null);
  'filters'?: (string);
  'org'?: (string);
}

export interface NamedEntityIdentifierListRequest__Output {
  'project': (string);
  'domain': (string);
  'limit': (number);
  'token': (string);
  'sort_by': (_orch_admin_Sort__Output | null);
  'filters': (string);
  'org': (string);
}
