// Original file: proto/orch/core/literals.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';
import type { Long } from '@grpc/proto-loader';

export interface Primitive {
  'integer'?: (number | string | Long);
  'float_value'?: (number | string);
  'string_value'?: (string);
  'boolean'?: (boolean);
  'datetime'?: (_google_protobuf_Timestamp | null);
  'duration'?: (_google_protobuf_Duration | null);
  'value'?: "integer"|"float_value"|"string_value"|"boolean"|"datetime"|"duration";
}

export interface Primitive__Output {
  'integer'?: (string);
  'float_value'?: (number);
  'string_value'?: (string);
  'boolean'?: (boolean);
  'datetime'?: (_google_protobuf_Timestamp__Output | null);
  'duration'?: (_google_protobuf_Duration__Output | null);
  'value'?: "integer"|"float_value"|"string_value"|"boolean"|"datetime"|"duration";
}
