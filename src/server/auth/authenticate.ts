import { status as Status } from '@grpc/grpc-js';
import { decodeJwt } from 'jose';
import { ServiceError } from '../errors.js';
import { isLoopbackAddress, type OwnNames } from './own-names.js';
import { type RoleName, TokenError, type TokenService } from './tokens.js';

/** Who is calling, as the server decided. */
export interface Identity {
  /** The token's subject (a user id or a client id), `localhost`, or `anonymous`. */
  subject: string;
  /** The OAuth client the token was issued to ('' without a token). */
  clientId: string;
  org: string;
  role: RoleName;
  /** How the caller was identified: a bearer token, a login session cookie, loopback, or not at all. */
  method: 'bearer' | 'cookie' | 'localhost' | 'anonymous';
  scopes: string[];
  /** The user's display name and e-mail, when a login said (session cookies). */
  name?: string;
  email?: string;
  /**
   * The projects and domains the caller may act in (a trust policy's limits, see `limits.ts`); absent
   * or an empty list: no limit.
   */
  limits?: { projects: string[]; domains: string[] };
  /** The trust policy an exchanged token was issued under, and the OIDC ID token's `sub`. */
  policy?: { name: string; oidcSubject: string };
}

/** Verifies the tokens of an external authorization server (`--auth.appAuth.externalAuthServer.*`). */
export interface ExternalTokenVerifier {
  /** The external server's issuer (`iss` of its tokens). */
  readonly issuer: string;
  /** @throws TokenError saying why the token does not verify (never the token). */
  verify(token: string): Promise<Identity>;
}

/** What the transport tells about one call. */
export interface CallCredentials {
  /** Set by the listener that took the call; a caller cannot choose it. */
  transport: 'grpc' | 'http';
  /** A request header (HTTP) or metadata value (gRPC), by lower-case name. */
  header(name: string): string | undefined;
  /** The peer's IP address (`127.0.0.1`, `::1`, `::ffff:127.0.0.1`, ...), when known. */
  remoteAddress: string | undefined;
  /** The HTTP method (HTTP only): a login session admits only GET and HEAD, so another site cannot make a browser change anything (CSRF). */
  method?: string;
  /**
   * True when the HTTP listener has already refused the request if it came from another site (its
   * `Origin`, `Sec-Fetch-Site` and `Host` checked, as the console's forms are, which also carry a
   * double-submit token): a login session then admits any method. Never set from the request itself.
   */
  sameSiteChecked?: boolean;
}

/** Which API key clients still exist (a deleted key's tokens are refused at once). */
export interface ClientRegistry {
  /**
   * True when `clientId` is a built-in client, or an API key that exists now with key id `keyId`
   * (the token's `key_id` claim): a key deleted and created again under the same name has another
   * key id, so the old key's tokens stay refused.
   */
  isActive(clientId: string, keyId: string | undefined): Promise<boolean>;
}

/** Which trust policies still exist (a deleted policy's exchanged tokens are refused). */
export interface PolicyRegistry {
  /** True while the policy `name` of `org` exists with id `policyId` (the token's `key_id` claim). */
  isActive(org: string, name: string, policyId: string | undefined): Promise<boolean>;
}

/** Settings of {@link Authenticator} (`--auth.*`, `--sharedservice.security.*`). */
export interface AuthenticatorSettings {
  /** Verifies bearer tokens; undefined when the server has no signing key (then only loopback and disabled transports get in). */
  tokens: TokenService | undefined;
  clients: ClientRegistry;
  /** `--auth.grpcAuthorizationHeader` / `--auth.httpAuthorizationHeader` (lower case). */
  headers: { grpc: string; http: string };
  /** `--auth.disableForGrpc` / `--auth.disableForHttp`. */
  disabled: { grpc: boolean; http: boolean };
  /**
   * `--sharedservice.security.allowLocalhostAccess`: loopback callers without a token get in as
   * admin, unless `ownNames` finds the call came from a browser page of another origin or through a
   * foreign host name (DNS rebinding).
   */
  allowLocalhost: boolean;
  /** The admin's own names and origin; without it, no loopback call skips authentication. */
  ownNames?: OwnNames;
  /** `--sharedservice.security.orgOverride`: the org of loopback callers let in without a token. */
  orgOverride: string;
  /**
   * The identity of a login session in a request's `Cookie` header (HTTP only), or undefined; absent
   * when user login is not configured.
   */
  session?: (cookieHeader: string | undefined) => Promise<Identity | undefined>;
  /** Tokens whose issuer is this external authorization server are verified by it. */
  external?: ExternalTokenVerifier;
  /** The trust policies of exchanged tokens; without it, every exchanged token is refused. */
  policies?: PolicyRegistry;
}

/**
 * The peer address of a gRPC call from `call.getPeer()`: `127.0.0.1:5000`, `[::1]:5000` (grpc-js),
 * or with an `ipv4:` / `ipv6:` prefix (the C core's form).
 */
export function grpcPeerAddress(peer: string): string | undefined {
  const plain = peer.replace(/^ipv[46]:/, '');
  const match = /^([\d.]+):\d+$/.exec(plain) ?? /^\[([^\]]+)\]:\d+$/.exec(plain);
  return match?.[1];
}

/** The token of a `Bearer <token>` header value (scheme case-insensitive, RFC 6750 §2.1), else undefined. */
export function bearerOf(value: string | undefined): string | undefined {
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value ?? '');
  return match?.[1];
}

const unauthenticated = (message: string) => new ServiceError(Status.UNAUTHENTICATED, message);

/**
 * Decides who a call comes from (spec "Authentication" and "Server auth"): the bearer token in the
 * transport's configured header (`orch-authorization` by default) or in `authorization`; a presented
 * token is always verified, and refused with the reason when it does not verify or its API key was
 * deleted. Without a token: a loopback caller gets in as `localhost` (admin, `orgOverride`'s org)
 * when `allowLocalhostAccess` is on and the call is not a browser's from another origin nor sent
 * through a foreign host name (see {@link OwnNames}); on a transport with enforcement disabled the call proceeds
 * anonymously; otherwise it is refused. The transport comes from the listener, never from the request.
 */
export class Authenticator {
  constructor(private readonly settings: AuthenticatorSettings) {}

  /** @throws ServiceError UNAUTHENTICATED saying what was missing or wrong (never echoing a token). */
  async authenticate(call: CallCredentials): Promise<Identity> {
    const { settings } = this;
    const headerName = settings.headers[call.transport];
    const raw =
      call.header(headerName) ?? (headerName === 'authorization' ? undefined : call.header('authorization'));
    const disabled = settings.disabled[call.transport];
    if (raw !== undefined && raw !== '') {
      const token = bearerOf(raw);
      if (!token) {
        if (disabled) return anonymous();
        throw unauthenticated(`the ${headerName} header must be "Bearer <access token>"`);
      }
      try {
        return await this.verify(token);
      } catch (error) {
        if (disabled) return anonymous();
        throw error;
      }
    }
    const reading = call.method === 'GET' || call.method === 'HEAD';
    if (settings.session && call.transport === 'http' && (reading || call.sameSiteChecked === true)) {
      const identity = await settings.session(call.header('cookie'));
      if (identity) return identity;
    }
    let foreign: string | undefined;
    if (settings.allowLocalhost && isLoopbackAddress(call.remoteAddress)) {
      foreign = settings.ownNames
        ? settings.ownNames.foreignReason(call.header, call.transport)
        : 'a server that does not know its own names';
      if (foreign === undefined) return localhost(settings.orgOverride);
    }
    if (disabled) return anonymous();
    throw unauthenticated(
      `no access token: send "${headerName}: Bearer <token>" (an API key in ORCH_API_KEY, ` +
        "--admin.authType ClientSecret, Pkce or DeviceFlow gets one from this server's token endpoint)" +
        (foreign ? `; loopback access without a token is not given to ${foreign}` : ''),
    );
  }

  private async verify(token: string): Promise<Identity> {
    const external = this.settings.external;
    if (external && issuerOf(token) === external.issuer) {
      try {
        return await external.verify(token);
      } catch (error) {
        if (error instanceof TokenError) throw unauthenticated(error.message);
        throw error;
      }
    }
    const tokens = this.settings.tokens;
    if (!tokens)
      throw unauthenticated('this server issues no tokens (it has no signing key), so it accepts none');
    let claims: Awaited<ReturnType<TokenService['verifyAccessToken']>>;
    try {
      claims = await tokens.verifyAccessToken(token);
    } catch (error) {
      if (error instanceof TokenError) throw unauthenticated(error.message);
      throw error;
    }
    if (claims.policy !== undefined) {
      const policies = this.settings.policies;
      if (!policies || !(await policies.isActive(claims.org, claims.policy, claims.key_id))) {
        throw unauthenticated(
          `the trust policy ${claims.policy} that this token was exchanged under has been deleted ` +
            '(exchange a new ID token once a policy matches it)',
        );
      }
    } else if (!(await this.settings.clients.isActive(claims.client_id, claims.key_id))) {
      throw unauthenticated(
        `the client ${claims.client_id} that this token was issued to has been deleted ` +
          '(a key deleted and created again under the same name needs new tokens)',
      );
    }
    const limited = Boolean(claims.projects?.length || claims.domains?.length);
    return {
      subject: claims.sub,
      clientId: claims.client_id,
      org: claims.org,
      role: claims.role,
      method: 'bearer',
      scopes: claims.scope,
      ...(limited ? { limits: { projects: claims.projects ?? [], domains: claims.domains ?? [] } } : {}),
      ...(claims.policy !== undefined
        ? { policy: { name: claims.policy, oidcSubject: claims.oidc_sub ?? '' } }
        : {}),
    };
  }
}

/** The unverified `iss` of a JWT, to pick the verifier; undefined for anything else. */
function issuerOf(token: string): string | undefined {
  try {
    const iss = decodeJwt(token).iss;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

function localhost(org: string): Identity {
  return { subject: 'localhost', clientId: '', org, role: 'ADMIN', method: 'localhost', scopes: [] };
}

function anonymous(): Identity {
  return { subject: 'anonymous', clientId: '', org: '', role: 'ADMIN', method: 'anonymous', scopes: [] };
}
