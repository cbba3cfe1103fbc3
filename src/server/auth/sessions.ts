import { parseCookie } from 'cookie';
import type { Request, Response } from 'express';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** Name of the cookie holding a signed-in user's session. */
export const SESSION_COOKIE = 'orch_session';
/** Name of the short-lived cookie holding the state of a login in progress (state, nonce, PKCE verifier). */
export const LOGIN_COOKIE = 'orch_login';

/** `--auth.userAuth.cookieSetting.sameSitePolicy` values and the `SameSite` attribute each sets. */
const SAME_SITE: Record<string, 'lax' | 'strict' | 'none'> = {
  defaultmode: 'lax',
  laxmode: 'lax',
  strictmode: 'strict',
  nonemode: 'none',
};

/** Thrown when a cookie setting is not valid; names the flag. */
export class CookieSettingError extends Error {
  override name = 'CookieSettingError';
}

/**
 * The `SameSite` attribute of `--auth.userAuth.cookieSetting.sameSitePolicy` (case-insensitive):
 * `DefaultMode` and `LaxMode` give `Lax` (what browsers assume anyway), `StrictMode` `Strict`,
 * `NoneMode` `None` (which browsers accept only on `Secure` cookies).
 * @throws CookieSettingError for any other value.
 */
export function sameSiteOf(policy: string): 'lax' | 'strict' | 'none' {
  const value = SAME_SITE[policy.toLowerCase()];
  if (!value) {
    throw new CookieSettingError(
      `--auth.userAuth.cookieSetting.sameSitePolicy "${policy}" is not one of DefaultMode, LaxMode, StrictMode, NoneMode`,
    );
  }
  return value;
}

/** Settings of {@link SessionCookies}. */
export interface SessionCookieSettings {
  /** 32 bytes from secret `cookie_hash_key`: authenticates cookie values (HMAC-SHA-512). */
  hashKey: Uint8Array;
  /** 32 bytes from secret `cookie_block_key`: encrypts cookie values (AES-256-CBC). */
  blockKey: Uint8Array;
  /** `--auth.userAuth.cookieSetting.domain`; host-only cookies when empty. */
  domain?: string;
  /** The session cookie's `SameSite` ({@link sameSiteOf}). */
  sameSite: 'lax' | 'strict' | 'none';
  /** Set `Secure` (the server answers over TLS). */
  secure: boolean;
}

/**
 * Cookies whose values are sealed: a JWE (RFC 7516) with `dir` key management and `A256CBC-HS512`
 * content encryption, whose 64-byte key is the hash key followed by the block key — RFC 7518 §5.2.2.1
 * uses the first half as the HMAC-SHA-512 key and the second as the AES-256-CBC key, the same
 * encrypt-then-MAC split as the block and hash keys of the reference's secure cookies. A value carries
 * its purpose (`typ`) and expiry, so a login-state cookie does not pass as a session and an old
 * cookie stops working even when a browser keeps it. Built on `jose`, like the server's tokens.
 */
export class SessionCookies {
  private readonly key: Uint8Array;

  constructor(private readonly settings: SessionCookieSettings) {
    if (settings.hashKey.length !== 32 || settings.blockKey.length !== 32) {
      throw new CookieSettingError('the cookie hash key and block key must be 32 bytes each');
    }
    this.key = new Uint8Array(64);
    this.key.set(settings.hashKey, 0);
    this.key.set(settings.blockKey, 32);
  }

  /** Seals `value` for `purpose`, valid `seconds`. */
  async seal(purpose: string, value: Record<string, unknown>, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new EncryptJWT(value)
      .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512', typ: purpose })
      .setIssuedAt(now)
      .setExpirationTime(now + seconds)
      .encrypt(this.key);
  }

  /** The value sealed for `purpose`, or undefined when it is missing, damaged, foreign or expired. */
  async open(purpose: string, sealed: string | undefined): Promise<Record<string, unknown> | undefined> {
    if (!sealed) return undefined;
    try {
      const { payload } = await jwtDecrypt(sealed, this.key, {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256CBC-HS512'],
        typ: purpose,
      });
      return payload;
    } catch {
      return undefined;
    }
  }

  /** The raw value of cookie `name` in a `Cookie` header, if present. */
  static read(cookieHeader: string | undefined, name: string): string | undefined {
    if (!cookieHeader) return undefined;
    try {
      return parseCookie(cookieHeader)[name];
    } catch {
      return undefined;
    }
  }

  /** Reads and opens cookie `name` sealed for `purpose` from a request. */
  async fromRequest(req: Request, name: string, purpose = name) {
    return this.open(purpose, SessionCookies.read(req.get('cookie'), name));
  }

  /**
   * Sets cookie `name` (HttpOnly, Path=/, the configured Domain and Secure), sealed for `purpose`,
   * expiring after `seconds`. `sameSite` overrides the configured policy (the login-state cookie must
   * come back on the provider's top-level redirect, so it is always Lax).
   */
  async set(
    res: Response,
    name: string,
    value: Record<string, unknown>,
    seconds: number,
    sameSite: 'lax' | 'strict' | 'none' = this.settings.sameSite,
  ): Promise<void> {
    res.cookie(name, await this.seal(name, value, seconds), {
      httpOnly: true,
      path: '/',
      maxAge: seconds * 1000,
      sameSite,
      secure: this.settings.secure || sameSite === 'none',
      ...(this.settings.domain ? { domain: this.settings.domain } : {}),
    });
  }

  /** Removes cookie `name` from the browser. */
  clear(res: Response, name: string): void {
    res.clearCookie(name, {
      httpOnly: true,
      path: '/',
      ...(this.settings.domain ? { domain: this.settings.domain } : {}),
    });
  }
}
