// Original file: proto/orch/core/literals.proto

import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from '../../orch/core/Primitive.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from '../../orch/core/Void.js';
import type { Blob as _orch_core_Blob, Blob__Output as _orch_core_Blob__Output } from '../../orch/core/Blob.js';

export interface Scalar {
  'primitive'?: (_orch_core_Primitive | null);
  'none_type'?: (_orch_core_Void | null);
  'json'?: (string);
  'blob'?: (_orch_core_Blob | null);
  'value'?: "primitive"|"none_type"|"json"|"blob";
}

export interface Scalar__Output {
  'primitive'?: (_orch_core_Primitive__Output | null);
  'none_type'?: (_orch_core_Void__Output | null);
  'json'?: (string);
  'blob'?: (_orch_core_Blob__Output | null);
  'value'?: "primitive"|"none_type"|"json"|"blob";
}
