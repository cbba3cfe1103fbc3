// Original file: proto/orch/admin/v1/execution.proto

/**
 * What the task output cache did for a node.
 */
export const CacheStatus = {
  /**
   * Never answered: the server always says how the cache served a node.
   */
  CACHE_STATUS_UNSPECIFIED: 'CACHE_STATUS_UNSPECIFIED',
  /**
   * The task is not cached (or the node has not reached the cache yet).
   */
  CACHE_DISABLED: 'CACHE_DISABLED',
  /**
   * No stored outputs matched: the task ran (and its outputs were not stored, yet).
   */
  CACHE_MISS: 'CACHE_MISS',
  /**
   * Stored outputs matched: the node succeeded with them, without running its task.
   */
  CACHE_HIT: 'CACHE_HIT',
  /**
   * No stored outputs matched: the task ran and its outputs were stored.
   */
  CACHE_POPULATED: 'CACHE_POPULATED',
  /**
   * The lookup failed (database error, full queue): the task ran as if uncached.
   */
  CACHE_LOOKUP_FAILURE: 'CACHE_LOOKUP_FAILURE',
  /**
   * The task succeeded but storing its outputs failed; the node keeps its result.
   */
  CACHE_PUT_FAILURE: 'CACHE_PUT_FAILURE',
} as const;

/**
 * What the task output cache did for a node.
 */
export type CacheStatus =
  /**
   * Never answered: the server always says how the cache served a node.
   */
  | 'CACHE_STATUS_UNSPECIFIED'
  | 0
  /**
   * The task is not cached (or the node has not reached the cache yet).
   */
  | 'CACHE_DISABLED'
  | 1
  /**
   * No stored outputs matched: the task ran (and its outputs were not stored, yet).
   */
  | 'CACHE_MISS'
  | 2
  /**
   * Stored outputs matched: the node succeeded with them, without running its task.
   */
  | 'CACHE_HIT'
  | 3
  /**
   * No stored outputs matched: the task ran and its outputs were stored.
   */
  | 'CACHE_POPULATED'
  | 4
  /**
   * The lookup failed (database error, full queue): the task ran as if uncached.
   */
  | 'CACHE_LOOKUP_FAILURE'
  | 5
  /**
   * The task succeeded but storing its outputs failed; the node keeps its result.
   */
  | 'CACHE_PUT_FAILURE'
  | 6

/**
 * What the task output cache did for a node.
 */
export type CacheStatus__Output = typeof CacheStatus[keyof typeof CacheStatus]
