// Original file: proto/orch/core/tasks.proto

import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from '../../orch/core/KeyValuePair.js';

export interface Container {
  'image'?: (string);
  'command'?: (string)[];
  'env'?: (_orch_core_KeyValuePair)[];
}

export interface Container__Output {
  'image': (string);
  'command': (string)[];
  'env': (_orch_core_KeyValuePair__Output)[];
}
