import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a GitHub Actions runner's OIDC token service on 127.0.0.1 (port 0), answering as
 * `@actions/core` `getIDToken` calls it: `GET $ACTIONS_ID_TOKEN_REQUEST_URL&audience=<aud>` with
 * `Authorization: Bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN` → 200 `{"value": <sign(audience)>}`; any
 * other bearer → 401 (as the service refuses a wrong request token).
 */
export interface ActionsIdTokenService {
  /** `ACTIONS_ID_TOKEN_REQUEST_URL` and `ACTIONS_ID_TOKEN_REQUEST_TOKEN`, as the runner sets them. */
  env: { ACTIONS_ID_TOKEN_REQUEST_URL: string; ACTIONS_ID_TOKEN_REQUEST_TOKEN: string };
  /** The audiences asked for, in order (empty string when none was given). */
  audiences: string[];
  close(): Promise<void>;
}

/**
 * Starts {@link ActionsIdTokenService}.
 * @param sign makes the ID token (a JWT) for an audience (`''` when none was asked).
 */
export async function startActionsIdTokenService(
  sign: (audience: string) => string | Promise<string>,
): Promise<ActionsIdTokenService> {
  const requestToken = randomBytes(16).toString('hex');
  const audiences: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || url.pathname !== '/_apis/oidc/token') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers.authorization !== `Bearer ${requestToken}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthorized"}');
      return;
    }
    const audience = url.searchParams.get('audience') ?? '';
    audiences.push(audience);
    Promise.resolve(sign(audience)).then(
      (value) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value })),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      // The runner's URL already has a query (`api-version`): the toolkit appends `&audience=`.
      ACTIONS_ID_TOKEN_REQUEST_URL: `http://127.0.0.1:${port}/_apis/oidc/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: requestToken,
    },
    audiences,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An unsigned JWT-shaped token (`alg: none`) with GitHub's claims for `audience`: enough for tests
 * of the client side, which never checks the signature.
 */
export function unsignedIdToken(audience: string, repository = 'acme/flows'): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: 'https://token.actions.githubusercontent.com',
    aud: audience,
    sub: `repo:${repository}:ref:refs/heads/main`,
    repository,
    iat: now,
    exp: now + 300,
  })}.`;
}
