// Original file: proto/orch/core/literals.proto

import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from '../../orch/core/Primitive.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from '../../orch/core/Void.js';

export interface Scalar {
  'primitive'?: (_orch_core_Primitive | null);
  'none_type'?: (_orch_core_Void | null);
  'json'?: (string);
  'value'?: "primitive"|"none_type"|"json";
}

export interface Scalar__Output {
  'primitive'?: (_orch_core_Primitive__Output | null);
  'none_type'?: (_orch_core_Void__Output | null);
  'json'?: (string);
  'value'?: "primitive"|"none_type"|"json";
}
