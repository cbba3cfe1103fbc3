// Original file: proto/orch/admin/data_proxy.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';

export interface CreateUploadLocationResponse {
  'signed_url'?: (string);
  'native_url'?: (string);
  'expires_at'?: (_google_protobuf_Timestamp | null);
  'headers'?: ({[key: string]: string});
}

export interface CreateUploadLocationResponse__Output {
  'signed_url': (string);
  'native_url': (string);
  'expires_at': (_google_protobuf_Timestamp__Output | null);
  'headers': ({[key: string]: string});
}
