// Original file: proto/orch/core/v1/literals.proto

import type { Primitive as _orch_core_v1_Primitive, Primitive__Output as _orch_core_v1_Primitive__Output } from '../../../orch/core/v1/Primitive.js';
import type { Void as _orch_core_v1_Void, Void__Output as _orch_core_v1_Void__Output } from '../../../orch/core/v1/Void.js';
import type { Blob as _orch_core_v1_Blob, Blob__Output as _orch_core_v1_Blob__Output } from '../../../orch/core/v1/Blob.js';

/**
 * A value that is not a list or a map.
 */
export interface Scalar {
  /**
   * A simple value.
   */
  'primitive'?: (_orch_core_v1_Primitive | null);
  /**
   * No value (an optional variable left out).
   */
  'none_type'?: (_orch_core_v1_Void | null);
  /**
   * A JSON document (type `struct`), stored as its canonical JSON text.
   */
  'json'?: (string);
  /**
   * A file in blob storage (type `blob`).
   */
  'blob'?: (_orch_core_v1_Blob | null);
  /**
   * The value.
   */
  'value'?: "primitive"|"none_type"|"json"|"blob";
}

/**
 * A value that is not a list or a map.
 */
export interface Scalar__Output {
  /**
   * A simple value.
   */
  'primitive'?: (_orch_core_v1_Primitive__Output | null);
  /**
   * No value (an optional variable left out).
   */
  'none_type'?: (_orch_core_v1_Void__Output | null);
  /**
   * A JSON document (type `struct`), stored as its canonical JSON text.
   */
  'json'?: (string);
  /**
   * A file in blob storage (type `blob`).
   */
  'blob'?: (_orch_core_v1_Blob__Output | null);
  /**
   * The value.
   */
  'value'?: "primitive"|"none_type"|"json"|"blob";
}
