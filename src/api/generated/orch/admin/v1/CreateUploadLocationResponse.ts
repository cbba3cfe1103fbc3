// Original file: proto/orch/admin/v1/data_proxy.proto

import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../google/protobuf/Timestamp.js';

/**
 * Where to upload.
 */
export interface CreateUploadLocationResponse {
  /**
   * URL to PUT the bytes to, with the headers below.
   */
  'signed_url'?: (string);
  /**
   * Where the bytes live once uploaded (for example s3://bucket/uploads/p/d/<digest>/bundle.tar.gz).
   */
  'native_url'?: (string);
  /**
   * When signed_url stops working.
   */
  'expires_at'?: (_google_protobuf_Timestamp | null);
  /**
   * Headers the PUT must carry (Content-MD5 among them).
   */
  'headers'?: ({[key: string]: string});
}

/**
 * Where to upload.
 */
export interface CreateUploadLocationResponse__Output {
  /**
   * URL to PUT the bytes to, with the headers below.
   */
  'signed_url': (string);
  /**
   * Where the bytes live once uploaded (for example s3://bucket/uploads/p/d/<digest>/bundle.tar.gz).
   */
  'native_url': (string);
  /**
   * When signed_url stops working.
   */
  'expires_at': (_google_protobuf_Timestamp__Output | null);
  /**
   * Headers the PUT must carry (Content-MD5 among them).
   */
  'headers': ({[key: string]: string});
}
