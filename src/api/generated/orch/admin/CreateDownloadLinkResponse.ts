// Original file: proto/orch/admin/data_proxy.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../google/protobuf/Timestamp.js';

export interface CreateDownloadLinkResponse {
  'signed_url'?: (string)[];
  'expires_at'?: (_google_protobuf_Timestamp | null);
}

export interface CreateDownloadLinkResponse__Output {
  'signed_url': (string)[];
  'expires_at': (_google_protobuf_Timestamp__Output | null);
}
