// Original file: proto/orch/admin/data_proxy.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../google/protobuf/Duration.js';

export interface CreateUploadLocationRequest {
  'project'?: (string);
  'domain'?: (string);
  'filename'?: (string);
  'expires_in'?: (_google_protobuf_Duration | null);
  'content_md5'?: (Buffer | Uint8Array | string);
  'filename_root'?: (string);
  'org'?: (string);
}

export interface CreateUploadLocationRequest__Output {
  'project': (string);
  'domain': (string);
  'filename': (string);
  'expires_in': (_google_protobuf_Duration__Output | null);
  'content_md5': (Buffer);
  'filename_root': (string);
  'org': (string);
}
