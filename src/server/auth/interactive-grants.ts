import { createHash, randomBytes, randomInt } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { GrantRepository } from '../db/grant-repository.js';
import { type Html, htmlTemplate } from '../http/html.js';
import type { Logger } from '../logger.js';
import { isRole, type RoleName } from './tokens.js';
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

/** RFC 8628 §6.1: user codes from 20 consonants (no vowels, so no words), 8 characters, shown XXXX-XXXX. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** Normalizes a typed user code: upper case, without dashes and spaces. */
export function normalizeUserCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The most device authorizations that may wait at once (the endpoint is anonymous: storage stays
 * bounded). Checked by a count before each start, so concurrent starts on several replicas may pass
 * it by a few.
 */
export const MAX_PENDING_DEVICES = 10_000;

/** Expired rows deleted by one sweep of each table (a sweep runs on each start of a device flow or code). */
const SWEEP_LIMIT = 100;

/**
 * How long an expired device authorization is kept, in ms, so a client polling late still hears
 * `expired_token` (RFC 8628 §3.5) instead of `invalid_grant`.
 */
const EXPIRED_DEVICE_GRACE_MS = 10 * 60 * 1000;

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

/** The user of a stored row, when its role is one this server knows. */
function userOfRow(sub: string | null, org: string | null, role: string | null): GrantUser | undefined {
  if (sub === null || org === null || role === null || !isRole(role)) return undefined;
  return { sub, org, role };
}

/** Scopes as stored: space-separated. */
const scopeList = (text: string) => text.split(' ').filter(Boolean);

/**
 * The pending state of the interactive grants of the self-hosted authorization server: authorization
 * codes (RFC 6749 §4.1, with PKCE, RFC 7636) and device codes (RFC 8628), kept in the database (by
 * their SHA-256 digest) so every admin replica on it sees them: a login begun on one replica completes
 * on another. A code is redeemed at most once across replicas (a conditional delete decides), an
 * approved device code hands out tokens once, and expired rows are swept a few at a time.
 */
export class InteractiveGrants {
  constructor(
    readonly settings: InteractiveGrantSettings,
    private readonly store: GrantRepository,
  ) {}

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

  private async sweep(now: number): Promise<void> {
    await this.store.sweep(now, now - EXPIRED_DEVICE_GRACE_MS, SWEEP_LIMIT);
  }

  /** Keeps an authorization code (the library's `saveAuthorizationCode`). */
  async saveCode(code: StoredCode): Promise<StoredCode> {
    await this.sweep(Date.now());
    await this.store.insertCode({
      digest: digest(code.authorizationCode),
      expires_at: code.expiresAt.getTime(),
      redirect_uri: code.redirectUri,
      scope: code.scope.join(' '),
      client_id: code.client.id,
      user_sub: code.user.sub,
      user_org: code.user.org,
      user_role: code.user.role,
      code_challenge: code.codeChallenge ?? null,
      code_challenge_method: code.codeChallengeMethod ?? null,
    });
    return code;
  }

  /** The unexpired code, if any (the library's `getAuthorizationCode`). */
  async getCode(code: string): Promise<StoredCode | undefined> {
    const row = await this.store.getCode(digest(code), Date.now());
    const user = row && userOfRow(row.user_sub, row.user_org, row.user_role);
    if (!row || !user) return undefined;
    return {
      authorizationCode: code,
      expiresAt: new Date(row.expires_at),
      redirectUri: row.redirect_uri,
      scope: scopeList(row.scope),
      client: { id: row.client_id },
      user,
      ...(row.code_challenge !== null ? { codeChallenge: row.code_challenge } : {}),
      ...(row.code_challenge_method !== null ? { codeChallengeMethod: row.code_challenge_method } : {}),
    };
  }

  /**
   * Forgets a code as it is used (RFC 6749 §4.1.2: a code is used at most once): true for exactly one
   * caller across all replicas, false when it was used already or never issued.
   */
  revokeCode(code: string): Promise<boolean> {
    return this.store.deleteCode(digest(code));
  }

  /** True when {@link MAX_PENDING_DEVICES} device authorizations wait already. */
  async isFull(): Promise<boolean> {
    const now = Date.now();
    await this.sweep(now);
    return (await this.store.countDevices(now)) >= MAX_PENDING_DEVICES;
  }

  /**
   * Starts a device authorization (RFC 8628 §3.1–3.2) for the public client.
   * @throws Error when no free user code was drawn in 5 tries (the store holds far fewer than 20^8).
   */
  async startDevice(clientId: string, scope: string[]) {
    const deviceCode = randomBytes(32).toString('base64url');
    const seconds = this.settings.deviceCodeSeconds ?? 600;
    const interval = this.settings.deviceIntervalSeconds ?? 5;
    for (let attempt = 0; attempt < 5; attempt++) {
      const userCode = Array.from(
        { length: 8 },
        () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)],
      ).join('');
      const stored = await this.store.insertDevice({
        digest: digest(deviceCode),
        user_code: userCode,
        client_id: clientId,
        scope: scope.join(' '),
        expires_at: Date.now() + seconds * 1000,
        poll_interval: interval,
        last_poll: 0,
        user_sub: null,
        user_org: null,
        user_role: null,
        denied: 0,
      });
      if (stored) {
        return {
          deviceCode,
          userCode: `${userCode.slice(0, 4)}-${userCode.slice(4)}`,
          expiresIn: seconds,
          interval,
        };
      }
    }
    throw new Error('could not draw a free device user code');
  }

  /**
   * Approves or denies the pending device authorization of `userCode`; false when there is none
   * (unknown, expired, or decided already, here or on another replica).
   */
  decideDevice(userCode: string, user: GrantUser, approve: boolean): Promise<boolean> {
    const approval = approve ? { user_sub: user.sub, user_org: user.org, user_role: user.role } : undefined;
    return this.store.decideDevice(normalizeUserCode(userCode), Date.now(), approval);
  }

  /**
   * One poll of the token endpoint for `deviceCode` (RFC 8628 §3.4–3.5): the approved grant (then
   * forgotten; exactly one poll across replicas gets it), or the error code to answer:
   * `authorization_pending`, `slow_down` (polled before the interval passed; the interval grows by
   * 5 s), `access_denied`, `expired_token`, `invalid_grant`.
   */
  async pollDevice(
    deviceCode: string,
    clientId: string,
  ): Promise<{ user: GrantUser; scope: string[] } | { error: string; description: string }> {
    const key = digest(deviceCode);
    const unknown = { error: 'invalid_grant', description: 'unknown device code for this client' };
    // A poll that lost a race (another poll, or the decision, changed the row) reads it again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const device = await this.store.getDevice(key);
      if (!device || device.client_id !== clientId) return unknown;
      const now = Date.now();
      if (device.expires_at <= now) {
        await this.store.deleteDevice(key, 'any');
        return { error: 'expired_token', description: 'the device code expired before it was approved' };
      }
      if (device.denied) {
        if (!(await this.store.deleteDevice(key, 'denied'))) return unknown;
        return { error: 'access_denied', description: 'the user denied the request' };
      }
      const user = userOfRow(device.user_sub, device.user_org, device.user_role);
      if (user) {
        if (!(await this.store.deleteDevice(key, 'approved'))) return unknown;
        return { user, scope: scopeList(device.scope) };
      }
      const early = device.last_poll > 0 && now - device.last_poll < device.poll_interval * 1000;
      const interval = device.poll_interval + (early ? 5 : 0);
      if (!(await this.store.recordPoll(key, device, { last_poll: now, poll_interval: interval }))) continue;
      if (early) return { error: 'slow_down', description: `poll at most every ${interval} seconds` };
      return { error: 'authorization_pending', description: 'waiting for the user to approve the request' };
    }
    return { error: 'slow_down', description: 'poll less often' };
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

  router.post(INTERACTIVE_PATHS.deviceAuthorization, form, async (req: Request, res: Response) => {
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
    if (await grants.isFull()) {
      res.status(503).set('retry-after', '30').json({
        error: 'temporarily_unavailable',
        error_description: 'too many device logins are waiting; try again shortly',
      });
      return;
    }
    const started = await grants.startDevice(clientId, scope);
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
    if (!(await grants.decideDevice(userCode, options.userOf(session), approve))) {
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
