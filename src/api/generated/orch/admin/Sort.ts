// Original file: proto/orch/admin/common.proto


// Original file: proto/orch/admin/common.proto

export const _orch_admin_Sort_Direction = {
  DESCENDING: 'DESCENDING',
  ASCENDING: 'ASCENDING',
} as const;

export type _orch_admin_Sort_Direction =
  | 'DESCENDING'
  | 0
  | 'ASCENDING'
  | 1

export type _orch_admin_Sort_Direction__Output = typeof _orch_admin_Sort_Direction[keyof typeof _orch_admin_Sort_Direction]

export interface Sort {
  'key'?: (string);
  'direction'?: (_orch_admin_Sort_Direction);
}

export interface Sort__Output {
  'key': (string);
  'direction': (_orch_admin_Sort_Direction__Output);
}
