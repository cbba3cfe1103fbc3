// Original file: proto/orch/admin/v1/data_proxy.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';

/**
 * CreateDownloadLink (viewer): asks for a URL to download a stored file. INVALID_ARGUMENT for a missing
 * native_url or one outside the server's store, NOT_FOUND when no file is there.
 */
export interface CreateDownloadLinkRequest {
  /**
   * The file's native URL, e.g. s3://bucket/key.
   */
  'native_url'?: (string);
  /**
   * How long the link stays valid; capped by --server.dataProxy.download.maxExpiresIn.
   */
  'expires_in'?: (_google_protobuf_Duration | null);
}

/**
 * CreateDownloadLink (viewer): asks for a URL to download a stored file. INVALID_ARGUMENT for a missing
 * native_url or one outside the server's store, NOT_FOUND when no file is there.
 */
export interface CreateDownloadLinkRequest__Output {
  /**
   * The file's native URL, e.g. s3://bucket/key.
   */
  'native_url': (string);
  /**
   * How long the link stays valid; capped by --server.dataProxy.download.maxExpiresIn.
   */
  'expires_in': (_google_protobuf_Duration__Output | null);
}
