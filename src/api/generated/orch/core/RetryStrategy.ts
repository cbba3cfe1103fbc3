// Original file: proto/orch/core/tasks.proto


export interface RetryStrategy {
  'retries'?: (number);
}

export interface RetryStrategy__Output {
  'retries': (number);
}
