// Original file: proto/orch/admin/v1/data_proxy.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';

/**
 * Where to download.
 */
export interface CreateDownloadLinkResponse {
  /**
   * One URL to GET the file from.
   */
  'signed_url'?: (string)[];
  /**
   * When the URL stops working.
   */
  'expires_at'?: (_google_protobuf_Timestamp | null);
}

/**
 * Where to download.
 */
export interface CreateDownloadLinkResponse__Output {
  /**
   * One URL to GET the file from.
   */
  'signed_url': (string)[];
  /**
   * When the URL stops working.
   */
  'expires_at': (_google_protobuf_Timestamp__Output | null);
}
