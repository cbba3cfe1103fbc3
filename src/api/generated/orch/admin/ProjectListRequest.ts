// Original file: proto/orch/admin/project.proto

import type { Sort as _orch_admin_Sort, Sort__Output as _orch_admin_Sort__Output } from '../../orch/admin/Sort.js';

export interface ProjectListRequest {
  'limit'?: (number);
  'token'?: (string);
  'filters'?: (string);
  'sort_by'?: (_orch_admin_Sort | null);
  'org'?: (string);
}

export interface ProjectListRequest__Output {
  'limit': (number);
  'token': (string);
  'filters': (string);
  'sort_by': (_orch_admin_Sort__Output | null);
  'org': (string);
}
