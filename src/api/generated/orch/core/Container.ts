// Original file: proto/orch/core/tasks.proto

import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from '../../orch/core/KeyValuePair.js';
import type { TaskResources as _orch_core_TaskResources, TaskResources__Output as _orch_core_TaskResources__Output } from '../../orch/core/TaskResources.js';

export interface Container {
  'image'?: (string);
  'command'?: (string)[];
  'env'?: (_orch_core_KeyValuePair)[];
  'code_bundle'?: (string);
  'limits'?: (_orch_core_TaskResources | null);
  'network'?: (boolean);
}

export interface Container__Output {
  'image': (string);
  'command': (string)[];
  'env': (_orch_core_KeyValuePair__Output)[];
  'code_bundle': (string);
  'limits': (_orch_core_TaskResources__Output | null);
  'network': (boolean);
}
