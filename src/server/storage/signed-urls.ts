import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BlobLocation } from './blob-store.js';

/**
 * Signed URLs the admin's own HTTP side serves for the `local` and `mem` stores (S3 presigns its own):
 *
 * `<http endpoint>/blobs/<container>/<key>?method=PUT&expires=<unix seconds>&md5=<base64url>&signature=<base64url>`
 *
 * Each key segment is percent-encoded. `signature` is HMAC-SHA256, under a per-server secret, of
 * `orch-blob-v1 \n method \n scheme \n container \n key \n expires \n md5` (md5 empty for GET). A URL is
 * valid for its one method, until `expires`; a PUT's body must have the signed MD5.
 */
export const BLOB_ROUTE = '/blobs';

/** What a signed URL allows. */
export interface SignedGrant {
  method: 'PUT' | 'GET';
  location: BlobLocation;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  /** For PUT: the 16-byte MD5 the body must have. */
  md5?: Buffer;
}

/** Why a signed URL was refused (the HTTP side answers 403 with the message). */
export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

/** Options of {@link HmacUrlSigner}. */
export interface HmacUrlSignerOptions {
  /** The clock expiry is checked against, in milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

/** Signs and checks the admin's blob URLs with HMAC-SHA256. The secret never leaves this object. */
export class HmacUrlSigner {
  readonly #secret: Buffer;
  readonly #now: () => number;

  /**
   * @param secret the signing key (32 random bytes per server start unless configured).
   * @param scheme the store's native URL scheme, bound into every signature.
   * @param baseUrl the admin's public HTTP address, e.g. `http://localhost:8088`.
   * @throws Error when `secret` is shorter than 16 bytes.
   */
  constructor(
    secret: Uint8Array,
    private readonly scheme: string,
    private readonly baseUrl: () => string,
    options: HmacUrlSignerOptions = {},
  ) {
    if (secret.length < 16) throw new Error('the URL signing secret must hold at least 16 bytes');
    this.#secret = Buffer.from(secret);
    this.#now = options.now ?? Date.now;
  }

  private mac(grant: SignedGrant): Buffer {
    const text = [
      'orch-blob-v1',
      grant.method,
      this.scheme,
      grant.location.container,
      grant.location.key,
      String(grant.expires),
      grant.md5 ? grant.md5.toString('base64url') : '',
    ].join('\n');
    return createHmac('sha256', this.#secret).update(text).digest();
  }

  /** The signed URL of a grant. */
  sign(grant: SignedGrant): string {
    const path = [grant.location.container, ...grant.location.key.split('/')]
      .map(encodeURIComponent)
      .join('/');
    const query = new URLSearchParams({ method: grant.method, expires: String(grant.expires) });
    if (grant.md5) query.set('md5', grant.md5.toString('base64url'));
    query.set('signature', this.mac(grant).toString('base64url'));
    return `${this.baseUrl()}${BLOB_ROUTE}/${path}?${query}`;
  }

  /**
   * Checks a request against its URL's grant. A URL is accepted through the whole second of its
   * `expires` and refused from the next one on.
   * @param nowSeconds the current Unix time in seconds; by default the signer's clock (`now`).
   * @returns the grant when the signature holds, the method is the signed one and it has not expired.
   * @throws SignatureError saying which of the three failed.
   */
  verify(
    requestMethod: string,
    location: BlobLocation,
    query: Record<string, unknown>,
    nowSeconds: number = Math.floor(this.#now() / 1000),
  ): SignedGrant {
    const text = (name: string) => {
      const value = query[name];
      return typeof value === 'string' ? value : '';
    };
    const method = text('method');
    const expires = text('expires');
    const md5Text = text('md5');
    const signature = Buffer.from(text('signature'), 'base64url');
    if ((method !== 'PUT' && method !== 'GET') || !/^\d{1,12}$/.test(expires) || !signature.length) {
      throw new SignatureError(
        'the URL is not a signed blob URL (method, expires and signature are required)',
      );
    }
    const grant: SignedGrant = { method, location, expires: Number(expires) };
    if (md5Text) grant.md5 = Buffer.from(md5Text, 'base64url');
    const expected = this.mac(grant);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
      throw new SignatureError('the URL signature does not match');
    }
    if (requestMethod !== method) {
      throw new SignatureError(`the URL is signed for ${method}, not ${requestMethod}`);
    }
    if (nowSeconds > grant.expires) {
      throw new SignatureError(`the signed URL expired at ${new Date(grant.expires * 1000).toISOString()}`);
    }
    return grant;
  }
}
