import { createHash, randomBytes, randomInt } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { type Html, htmlTemplate } from '../http/html.js';
import type { Logger } from '../logger.js';
import type { RoleName } from './tokens.js';
import type { UserLogin, UserSession } from './user-login.js';

/** RFC 8628 §3.4: the grant type of device access token requests. */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** Paths of the interactive grants' endpoints. */
export const INTERACTIVE_PATHS = {
  authorize: '/oauth2/authorize',
  deviceAuthorization: '/oauth2/device/auth',
  deviceVerification: '/oauth2/device',
} as const;

/** The static public client (`--auth.appAuth.thirdPartyConfig.orchClient.*`). */
export interface PublicClient {
  /** `orch-ctl` by default. */
  clientId: string;
  /** The one redirect URI it may use, e.g. `http://localhost:53593/callback`. */
  redirectUri: string;
}

/** The user an authorization code or an approved device code was granted by. */
export interface GrantUser {
  sub: string;
  org: string;
  role: RoleName;
}

/** An authorization code as the token endpoint's library wants it back. */
export interface StoredCode {
  authorizationCode: string;
  expiresAt: Date;
  redirectUri: string;
  scope: string[];
  client: { id: string };
  user: GrantUser;
  codeChallenge?: string;
  codeChallengeMethod?: string;
}

interface DeviceGrant {
  userCode: string;
  clientId: string;
  scope: string[];
  expiresAt: number;
  /** Seconds the client must wait between polls (RFC 8628 §3.5: +5 on each slow_down). */
  interval: number;
  lastPoll: number;
  user?: GrantUser;
  denied?: boolean;
}

/** RFC 8628 §6.1: user codes from 20 consonants (no vowels, so no words), 8 characters, shown XXXX-XXXX. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** Normalizes a typed user code: upper case, without dashes and spaces. */
export function normalizeUserCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** The most device authorizations that may wait at once (the endpoint is anonymous: memory stays bounded). */
export const MAX_PENDING_DEVICES = 10_000;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Settings of {@link InteractiveGrants}. */
export interface InteractiveGrantSettings {
  publicClient: PublicClient;
  /** `--auth.appAuth.selfAuthServer.authorizationCodeLifespan`, seconds. */
  codeSeconds: number;
  /** How long a device code may wait for approval, in seconds. @default 600 */
  deviceCodeSeconds?: number;
  /** The least poll interval told to device clients, in seconds. @default 5 (RFC 8628 §3.2) */
  deviceIntervalSeconds?: number;
}

/**
 * The pending state of the interactive grants of the self-hosted authorization server: authorization
 * codes (RFC 6749 §4.1, with PKCE, RFC 7636) and device codes (RFC 8628). Both live in this process's
 * memory until used or expired (codes for minutes; a restart sends users back to log in); codes and
 * device codes are kept by their SHA-256 digest.
 */
export class InteractiveGrants {
  private readonly codes = new Map<string, StoredCode>();
  private readonly devices = new Map<string, DeviceGrant>();
  private readonly byUserCode = new Map<string, string>();

  constructor(readonly settings: InteractiveGrantSettings) {}

  /** The public client when `clientId` names it. */
  publicClient(clientId: string) {
    const client = this.settings.publicClient;
    if (clientId !== client.clientId) return undefined;
    return {
      id: client.clientId,
      redirectUris: [client.redirectUri],
      grants: ['authorization_code', 'refresh_token'],
    };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, code] of this.codes) if (code.expiresAt.getTime() <= now) this.codes.delete(key);
    for (const [key, device] of this.devices) {
      if (device.expiresAt <= now) {
        this.devices.delete(key);
        this.byUserCode.delete(device.userCode);
      }
    }
  }

  /** Keeps an authorization code (the library's `saveAuthorizationCode`). */
  saveCode(code: StoredCode): StoredCode {
    this.sweep();
    this.codes.set(digest(code.authorizationCode), code);
    return code;
  }

  /** The unexpired code, if any (the library's `getAuthorizationCode`). */
  getCode(code: string): StoredCode | undefined {
    const found = this.codes.get(digest(code));
    return found && found.expiresAt.getTime() > Date.now() ? found : undefined;
  }

  /** Forgets a code once used (RFC 6749 §4.1.2: a code is used at most once). */
  revokeCode(code: string): boolean {
    return this.codes.delete(digest(code));
  }

  /** True when {@link MAX_PENDING_DEVICES} device authorizations wait already. */
  get full(): boolean {
    this.sweep();
    return this.devices.size >= MAX_PENDING_DEVICES;
  }

  /** Starts a device authorization (RFC 8628 §3.1–3.2) for the public client. */
  startDevice(clientId: string, scope: string[]) {
    this.sweep();
    const deviceCode = randomBytes(32).toString('base64url');
    let userCode = '';
    do {
      userCode = Array.from(
        { length: 8 },
        () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)],
      ).join('');
    } while (this.byUserCode.has(userCode));
    const seconds = this.settings.deviceCodeSeconds ?? 600;
    const interval = this.settings.deviceIntervalSeconds ?? 5;
    const key = digest(deviceCode);
    this.devices.set(key, {
      userCode,
      clientId,
      scope,
      expiresAt: Date.now() + seconds * 1000,
      interval,
      lastPoll: 0,
    });
    this.byUserCode.set(userCode, key);
    return {
      deviceCode,
      userCode: `${userCode.slice(0, 4)}-${userCode.slice(4)}`,
      expiresIn: seconds,
      interval,
    };
  }

  /** Approves or denies the pending device authorization of `userCode`; false when there is none. */
  decideDevice(userCode: string, user: GrantUser, approve: boolean): boolean {
    this.sweep();
    const key = this.byUserCode.get(normalizeUserCode(userCode));
    const device = key ? this.devices.get(key) : undefined;
    if (!device || device.user || device.denied) return false;
    if (approve) device.user = user;
    else device.denied = true;
    return true;
  }

  /**
   * One poll of the token endpoint for `deviceCode` (RFC 8628 §3.4–3.5): the approved grant (then
   * forgotten), or the error code to answer: `authorization_pending`, `slow_down` (polled before the
   * interval passed; the interval grows by 5 s), `access_denied`, `expired_token`, `invalid_grant`.
   */
  pollDevice(
    deviceCode: string,
    clientId: string,
  ): { user: GrantUser; scope: string[] } | { error: string; description: string } {
    const key = digest(deviceCode);
    const device = this.devices.get(key);
    if (!device || device.clientId !== clientId) {
      return { error: 'invalid_grant', description: 'unknown device code for this client' };
    }
    const now = Date.now();
    if (device.expiresAt <= now) {
      this.devices.delete(key);
      this.byUserCode.delete(device.userCode);
      return { error: 'expired_token', description: 'the device code expired before it was approved' };
    }
    if (device.denied) {
      this.devices.delete(key);
      this.byUserCode.delete(device.userCode);
      return { error: 'access_denied', description: 'the user denied the request' };
    }
    if (device.user) {
      this.devices.delete(key);
      this.byUserCode.delete(device.userCode);
      return { user: device.user, scope: device.scope };
    }
    const early = device.lastPoll > 0 && now - device.lastPoll < device.interval * 1000;
    device.lastPoll = now;
    if (early) {
      device.interval += 5;
      return { error: 'slow_down', description: `poll at most every ${device.interval} seconds` };
    }
    return { error: 'authorization_pending', description: 'waiting for the user to approve the request' };
  }
}

/** The text fields of a urlencoded form body (a repeated or missing field is absent). */
function formFields(body: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (typeof body === 'object' && body !== null) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields.set(name, value);
  }
  return fields;
}

/** Scopes the interactive grants accept; none asked means `all`. */
function scopesOf(text: string | undefined, allowed: readonly string[]): string[] | undefined {
  const asked = text ? text.split(' ').filter(Boolean) : [];
  if (asked.length === 0) return ['all'];
  return asked.every((s) => allowed.includes(s)) ? asked : undefined;
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

const devicePage = htmlTemplate<{ title: string; body: Html }>(
  'device/page',
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title><%= it.title %> - orch</title></head>' +
    '<body style="font-family:system-ui,sans-serif;margin:2rem"><h1><%= it.title %></h1><%= it.body %></body></html>',
);

const paragraph = htmlTemplate<{ text: string }>('device/paragraph', '<p><%= it.text %></p>');

const approvalForm = htmlTemplate<{ user: string; action: string; csrf: string; code: string }>(
  'device/approval',
  '<p>Signed in as <%= it.user %>. Check that the code matches the one your terminal shows.</p>' +
    '<form method="post" action="<%= it.action %>">' +
    '<input type="hidden" name="csrf" value="<%= it.csrf %>">' +
    '<label>Code <input name="user_code" value="<%= it.code %>" autocomplete="off" required></label> ' +
    '<button name="decision" value="approve">Approve</button> <button name="decision" value="deny">Deny</button></form>',
);

/** Sends a device page: `title` as its heading, `body` (a paragraph's text, or a rendered form) below. */
function page(res: Response, status: number, title: string, body: string | Html): void {
  res
    .status(status)
    .set('content-security-policy', PAGE_CSP)
    .set('cache-control', 'no-store')
    .set('x-frame-options', 'DENY')
    .type('html')
    .send(devicePage({ title, body: typeof body === 'string' ? paragraph({ text: body }) : body }).markup);
}

/** What {@link createDeviceRoutes} needs. */
export interface DeviceRoutesOptions {
  grants: InteractiveGrants;
  login: UserLogin;
  /** The user a session grants as (org and role of users). */
  userOf: (session: UserSession) => GrantUser;
  /** The admin's public HTTP origin, for `verification_uri`. */
  publicOrigin: () => string;
  /** Scopes the server grants. */
  scopes: readonly string[];
  logger: Logger;
}

/**
 * The device authorization grant's endpoints (RFC 8628): `POST /oauth2/device/auth` (§3.1, public
 * client only; answers `device_code`, `user_code`, `verification_uri`, `verification_uri_complete`,
 * `expires_in`, `interval`), and the verification page `GET /oauth2/device[?user_code=]` where a
 * logged-in user (else sent through `/login` first) approves or denies the code, `POST /oauth2/device`
 * (the page's form, checked against the session's CSRF value; SameSite cookies keep other sites out).
 */
export function createDeviceRoutes(options: DeviceRoutesOptions): Router {
  const { grants, login, logger } = options;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: '4kb' });

  router.post(INTERACTIVE_PATHS.deviceAuthorization, form, (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const body = formFields(req.body);
    const clientId = body.get('client_id') ?? '';
    if (!grants.publicClient(clientId)) {
      res.status(401).json({
        error: 'invalid_client',
        error_description: `client ${JSON.stringify(clientId)} may not use the device flow`,
      });
      return;
    }
    const scope = scopesOf(body.get('scope'), options.scopes);
    if (!scope) {
      res.status(400).json({
        error: 'invalid_scope',
        error_description: `scopes must be among ${options.scopes.join(', ')}`,
      });
      return;
    }
    if (grants.full) {
      res.status(503).set('retry-after', '30').json({
        error: 'temporarily_unavailable',
        error_description: 'too many device logins are waiting; try again shortly',
      });
      return;
    }
    const started = grants.startDevice(clientId, scope);
    const verification = `${options.publicOrigin()}${INTERACTIVE_PATHS.deviceVerification}`;
    res.json({
      device_code: started.deviceCode,
      user_code: started.userCode,
      verification_uri: verification,
      verification_uri_complete: `${verification}?user_code=${encodeURIComponent(started.userCode)}`,
      expires_in: started.expiresIn,
      interval: started.interval,
    });
  });

  const withSession = async (req: Request, res: Response): Promise<UserSession | undefined> => {
    const session = await login.session(req.get('cookie'));
    if (!session) res.redirect(302, login.loginUrl(req.originalUrl));
    return session;
  };

  router.get(INTERACTIVE_PATHS.deviceVerification, async (req: Request, res: Response) => {
    const session = await withSession(req, res);
    if (!session) return;
    const code = typeof req.query.user_code === 'string' ? req.query.user_code : '';
    page(
      res,
      200,
      'Approve a device',
      approvalForm({
        user: session.name || session.sub,
        action: INTERACTIVE_PATHS.deviceVerification,
        csrf: session.csrf,
        code,
      }),
    );
  });

  router.post(INTERACTIVE_PATHS.deviceVerification, form, async (req: Request, res: Response) => {
    const session = await withSession(req, res);
    if (!session) return;
    const body = formFields(req.body);
    if (body.get('csrf') !== session.csrf) {
      page(res, 403, 'Not approved', 'This form did not come from this session. Open the link again.');
      return;
    }
    const approve = body.get('decision') !== 'deny';
    const userCode = body.get('user_code') ?? '';
    if (!grants.decideDevice(userCode, options.userOf(session), approve)) {
      page(
        res,
        400,
        'Unknown code',
        'No device is waiting for this code (it may have expired or been used). Start again from your terminal.',
      );
      return;
    }
    logger.info(approve ? 'device approved' : 'device denied', { subject: session.sub });
    page(
      res,
      200,
      approve ? 'Device approved' : 'Device denied',
      approve ? 'You can return to your terminal.' : 'The device was not signed in.',
    );
  });
  return router;
}
