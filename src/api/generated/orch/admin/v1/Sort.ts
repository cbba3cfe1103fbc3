// Original file: proto/orch/admin/v1/common.proto


// Original file: proto/orch/admin/v1/common.proto

/**
 * Which way a list is sorted.
 */
export const _orch_admin_v1_Sort_Direction = {
  /**
   * Not given: the list's default direction (descending).
   */
  DIRECTION_UNSPECIFIED: 'DIRECTION_UNSPECIFIED',
  /**
   * Largest (newest, last in the alphabet) first.
   */
  DESCENDING: 'DESCENDING',
  /**
   * Smallest (oldest, first in the alphabet) first.
   */
  ASCENDING: 'ASCENDING',
} as const;

/**
 * Which way a list is sorted.
 */
export type _orch_admin_v1_Sort_Direction =
  /**
   * Not given: the list's default direction (descending).
   */
  | 'DIRECTION_UNSPECIFIED'
  | 0
  /**
   * Largest (newest, last in the alphabet) first.
   */
  | 'DESCENDING'
  | 1
  /**
   * Smallest (oldest, first in the alphabet) first.
   */
  | 'ASCENDING'
  | 2

/**
 * Which way a list is sorted.
 */
export type _orch_admin_v1_Sort_Direction__Output = typeof _orch_admin_v1_Sort_Direction[keyof typeof _orch_admin_v1_Sort_Direction]

/**
 * The order of a list: a sortable field and a direction.
 */
export interface Sort {
  /**
   * A sortable field of the listed resource, e.g. `created_at` or `name`; empty for `created_at`.
   */
  'key'?: (string);
  /**
   * The direction of the order; unset for descending.
   */
  'direction'?: (_orch_admin_v1_Sort_Direction);
}

/**
 * The order of a list: a sortable field and a direction.
 */
export interface Sort__Output {
  /**
   * A sortable field of the listed resource, e.g. `created_at` or `name`; empty for `created_at`.
   */
  'key': (string);
  /**
   * The direction of the order; unset for descending.
   */
  'direction': (_orch_admin_v1_Sort_Direction__Output);
}
