// Original file: proto/orch/core/v1/literals.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';
import type { Long } from '@grpc/proto-loader';

/**
 * A value of a simple type.
 */
export interface Primitive {
  /**
   * INTEGER: a 64-bit signed integer.
   */
  'integer'?: (number | string | Long);
  /**
   * FLOAT: a finite double.
   */
  'float_value'?: (number | string);
  /**
   * STRING, or an enum's value.
   */
  'string_value'?: (string);
  /**
   * BOOLEAN.
   */
  'boolean'?: (boolean);
  /**
   * DATETIME: an instant (RFC 3339 in workflow files and JSON).
   */
  'datetime'?: (_google_protobuf_Timestamp | null);
  /**
   * DURATION: a length of time (`1m30s` in workflow files and JSON).
   */
  'duration'?: (_google_protobuf_Duration | null);
  /**
   * The value; the member matches the variable's SimpleType.
   */
  'value'?: "integer"|"float_value"|"string_value"|"boolean"|"datetime"|"duration";
}

/**
 * A value of a simple type.
 */
export interface Primitive__Output {
  /**
   * INTEGER: a 64-bit signed integer.
   */
  'integer'?: (string);
  /**
   * FLOAT: a finite double.
   */
  'float_value'?: (number);
  /**
   * STRING, or an enum's value.
   */
  'string_value'?: (string);
  /**
   * BOOLEAN.
   */
  'boolean'?: (boolean);
  /**
   * DATETIME: an instant (RFC 3339 in workflow files and JSON).
   */
  'datetime'?: (_google_protobuf_Timestamp__Output | null);
  /**
   * DURATION: a length of time (`1m30s` in workflow files and JSON).
   */
  'duration'?: (_google_protobuf_Duration__Output | null);
  /**
   * The value; the member matches the variable's SimpleType.
   */
  'value'?: "integer"|"float_value"|"string_value"|"boolean"|"datetime"|"duration";
}
