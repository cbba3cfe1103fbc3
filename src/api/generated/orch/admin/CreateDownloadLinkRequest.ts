// Original file: proto/orch/admin/data_proxy.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';

export interface CreateDownloadLinkRequest {
  'native_url'?: (string);
  'expires_in'?: (_google_protobuf_Duration | null);
}

export interface CreateDownloadLinkRequest__Output {
  'native_url': (string);
  'expires_in': (_google_protobuf_Duration__Output | null);
}
