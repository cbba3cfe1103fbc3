// Original file: proto/orch/core/tasks.proto

import type { RetryStrategy as _orch_core_RetryStrategy, RetryStrategy__Output as _orch_core_RetryStrategy__Output } from '../../orch/core/RetryStrategy.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';

export interface TaskMetadata {
  'retries'?: (_orch_core_RetryStrategy | null);
  'timeout'?: (_google_protobuf_Duration | null);
  'cache'?: (boolean);
  'cache_version'?: (string);
}

export interface TaskMetadata__Output {
  'retries': (_orch_core_RetryStrategy__Output | null);
  'timeout': (_google_protobuf_Duration__Output | null);
  'cache': (boolean);
  'cache_version': (string);
}
