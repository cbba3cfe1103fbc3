// Original file: proto/orch/core/tasks.proto

import type { KeyValuePair as _orch_core_KeyValuePair, KeyValuePair__Output as _orch_core_KeyValuePair__Output } from '../../orch/core/KeyValuePair.js';

export interface Container {
  'image'?: (string);
  'command'?: (string)[];
  'env'?: (_orch_core_KeyValuePair)[];
  'code_bundle'?: (string);
}

export interface Container__Output {
  'image': (string);
  'command': (string)[];
  'env': (_orch_core_KeyValuePair__Output)[];
  'code_bundle': (string);
}
