// Original file: proto/orch/core/literals.proto

import type { Primitive as _orch_core_Primitive, Primitive__Output as _orch_core_Primitive__Output } from '../../orch/core/Primitive.js';
import type { Void as _orch_core_Void, Void__Output as _orch_core_Void__Output } from '../../orch/core/Void.js';
import type { Blob as _orch_core_Blob, Blob__Output as _orch_core_Blob__Output } from '../../orch/core/Blob.js';

/**
 * A value that is not a list or a map.
 */
export interface Scalar {
  /**
   * A simple value.
   */
  'primitive'?: (_orch_core_Primitive | null);
  /**
   * No value (an optional variable left out).
   */
  'none_type'?: (_orch_core_Void | null);
  /**
   * A JSON document (type `struct`), stored as its canonical JSON text.
   */
  'json'?: (string);
  /**
   * A file in blob storage (type `blob`).
   */
  'blob'?: (_orch_core_Blob | null);
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
  'primitive'?: (_orch_core_Primitive__Output | null);
  /**
   * No value (an optional variable left out).
   */
  'none_type'?: (_orch_core_Void__Output | null);
  /**
   * A JSON document (type `struct`), stored as its canonical JSON text.
   */
  'json'?: (string);
  /**
   * A file in blob storage (type `blob`).
   */
  'blob'?: (_orch_core_Blob__Output | null);
  /**
   * The value.
   */
  'value'?: "primitive"|"none_type"|"json"|"blob";
}
