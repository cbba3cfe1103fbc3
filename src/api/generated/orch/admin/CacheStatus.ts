// Original file: proto/orch/admin/execution.proto

export const CacheStatus = {
  CACHE_DISABLED: 'CACHE_DISABLED',
  CACHE_MISS: 'CACHE_MISS',
  CACHE_HIT: 'CACHE_HIT',
  CACHE_POPULATED: 'CACHE_POPULATED',
  CACHE_LOOKUP_FAILURE: 'CACHE_LOOKUP_FAILURE',
  CACHE_PUT_FAILURE: 'CACHE_PUT_FAILURE',
} as const;

export type CacheStatus =
  | 'CACHE_DISABLED'
  | 0
  | 'CACHE_MISS'
  | 1
  | 'CACHE_HIT'
  | 2
  | 'CACHE_POPULATED'
  | 3
  | 'CACHE_LOOKUP_FAILURE'
  | 4
  | 'CACHE_PUT_FAILURE'
  | 5

export type CacheStatus__Output = typeof CacheStatus[keyof typeof CacheStatus]
