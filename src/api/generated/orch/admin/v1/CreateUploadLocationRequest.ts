// Original file: proto/orch/admin/v1/data_proxy.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration.js';

/**
 * CreateUploadLocation (contributor): asks for a place to upload one file (a code bundle, an input file)
 * without the client holding storage credentials: the answer is a signed URL to PUT the bytes to.
 * INVALID_ARGUMENT for a missing project or domain, a missing or wrong-sized content_md5, a bad file
 * name or a negative expires_in.
 */
export interface CreateUploadLocationRequest {
  /**
   * Project the upload belongs to; required.
   */
  'project'?: (string);
  /**
   * Domain the upload belongs to; required.
   */
  'domain'?: (string);
  /**
   * File name under the upload folder; a random name of --server.dataProxy.upload.defaultFileNameLength
   * characters when empty.
   */
  'filename'?: (string);
  /**
   * How long the signed URL stays valid; capped by --server.dataProxy.upload.maxExpiresIn; unset for the cap.
   */
  'expires_in'?: (_google_protobuf_Duration | null);
  /**
   * MD5 of the bytes that will be uploaded (16 bytes); the PUT must carry it as Content-MD5 and the
   * store rejects bytes that do not match. Required.
   */
  'content_md5'?: (Buffer | Uint8Array | string);
  /**
   * Folder name used instead of the digest, when set.
   */
  'filename_root'?: (string);
  /**
   * The org; empty for the server's own.
   */
  'org'?: (string);
}

/**
 * CreateUploadLocation (contributor): asks for a place to upload one file (a code bundle, an input file)
 * without the client holding storage credentials: the answer is a signed URL to PUT the bytes to.
 * INVALID_ARGUMENT for a missing project or domain, a missing or wrong-sized content_md5, a bad file
 * name or a negative expires_in.
 */
export interface CreateUploadLocationRequest__Output {
  /**
   * Project the upload belongs to; required.
   */
  'project': (string);
  /**
   * Domain the upload belongs to; required.
   */
  'domain': (string);
  /**
   * File name under the upload folder; a random name of --server.dataProxy.upload.defaultFileNameLength
   * characters when empty.
   */
  'filename': (string);
  /**
   * How long the signed URL stays valid; capped by --server.dataProxy.upload.maxExpiresIn; unset for the cap.
   */
  'expires_in': (_google_protobuf_Duration__Output | null);
  /**
   * MD5 of the bytes that will be uploaded (16 bytes); the PUT must carry it as Content-MD5 and the
   * store rejects bytes that do not match. Required.
   */
  'content_md5': (Buffer);
  /**
   * Folder name used instead of the digest, when set.
   */
  'filename_root': (string);
  /**
   * The org; empty for the server's own.
   */
  'org': (string);
}
