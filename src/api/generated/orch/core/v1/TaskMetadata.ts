// Original file: proto/orch/core/v1/tasks.proto

import type { RetryStrategy as _orch_core_v1_RetryStrategy, RetryStrategy__Output as _orch_core_v1_RetryStrategy__Output } from '../../../orch/core/v1/RetryStrategy.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';

/**
 * How a task runs.
 */
export interface TaskMetadata {
  /**
   * How often it runs again after a failure.
   */
  'retries'?: (_orch_core_v1_RetryStrategy | null);
  /**
   * Longest run of one attempt; unset or zero for no limit.
   */
  'timeout'?: (_google_protobuf_Duration | null);
  /**
   * Whether a node of this task reuses the outputs of an earlier successful run with identical
   * inputs, the same code bundle and the same cache_version, instead of running again.
   */
  'cache'?: (boolean);
  /**
   * Part of the cache key: a new value makes earlier cached outputs unreachable. Only set with cache.
   */
  'cache_version'?: (string);
}

/**
 * How a task runs.
 */
export interface TaskMetadata__Output {
  /**
   * How often it runs again after a failure.
   */
  'retries': (_orch_core_v1_RetryStrategy__Output | null);
  /**
   * Longest run of one attempt; unset or zero for no limit.
   */
  'timeout': (_google_protobuf_Duration__Output | null);
  /**
   * Whether a node of this task reuses the outputs of an earlier successful run with identical
   * inputs, the same code bundle and the same cache_version, instead of running again.
   */
  'cache': (boolean);
  /**
   * Part of the cache key: a new value makes earlier cached outputs unreachable. Only set with cache.
   */
  'cache_version': (string);
}
