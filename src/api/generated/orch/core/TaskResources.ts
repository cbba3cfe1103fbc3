// Original file: proto/orch/core/tasks.proto


export interface TaskResources {
  'cpu'?: (string);
  'mem'?: (string);
}

export interface TaskResources__Output {
  'cpu': (string);
  'mem': (string);
}
