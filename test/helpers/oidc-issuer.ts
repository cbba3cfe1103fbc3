import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A key of the fake issuer: its id, algorithm, private key and public JWK. */
interface IssuerKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: SigningKey;
  jwk: JWK;
}

/**
 * A fake OIDC issuer on 127.0.0.1 (port 0) in GitHub Actions' shape: a discovery document at
 * `/.well-known/openid-configuration` naming `/jwks`, RS256 and ES256 keys, and ID tokens with
 * GitHub's claims. Counts the JWKS requests, and can publish a key later (rotation) or sign with
 * a key it never publishes.
 */
export interface FakeIssuer {
  /** `http://127.0.0.1:<port>`. */
  issuer: string;
  /** How many times `/jwks` was fetched. */
  jwksFetches(): number;
  /** The public JWK of the published RS256 key (to forge an HS256 token with it as the secret). */
  publicJwk(): JWK;
  /**
   * An ID token for `audience` with GitHub Actions' claims for a push to `main` of `acme/flows`,
   * overridden by `claims` (a claim set to undefined is left out); `key` picks `rs` (default),
   * `es`, `unpublished` (a key whose kid the JWKS never lists) or `rotated` (published by {@link rotate}).
   */
  token(
    audience: string,
    claims?: Record<string, unknown>,
    key?: 'rs' | 'es' | 'unpublished' | 'rotated',
  ): Promise<string>;
  /** Publishes the `rotated` key in the JWKS from now on. */
  rotate(): void;
  stop(): Promise<void>;
}

async function makeKey(alg: 'RS256' | 'ES256'): Promise<IssuerKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** Starts a {@link FakeIssuer}. */
export async function startFakeIssuer(): Promise<FakeIssuer> {
  const keys = {
    rs: await makeKey('RS256'),
    es: await makeKey('ES256'),
    unpublished: await makeKey('RS256'),
    rotated: await makeKey('RS256'),
  };
  let published = [keys.rs.jwk, keys.es.jwk];
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
      return;
    }
    if (req.url === '/jwks') {
      fetches++;
      res.end(JSON.stringify({ keys: published }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksFetches: () => fetches,
    publicJwk: () => keys.rs.jwk,
    async token(audience, claims = {}, key = 'rs') {
      const now = Math.floor(Date.now() / 1000);
      const all: Record<string, unknown> = {
        iss: issuer,
        aud: audience,
        sub: 'repo:acme/flows:ref:refs/heads/main',
        repository: 'acme/flows',
        repository_owner: 'acme',
        ref: 'refs/heads/main',
        event_name: 'push',
        job_workflow_ref: 'acme/flows/.github/workflows/ci.yml@refs/heads/main',
        jti: randomUUID(),
        iat: now,
        nbf: now,
        exp: now + 300,
        ...claims,
      };
      const payload = Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
      const chosen = keys[key];
      return new SignJWT(payload)
        .setProtectedHeader({ alg: chosen.alg, kid: chosen.kid, typ: 'JWT' })
        .sign(chosen.privateKey);
    },
    rotate() {
      published = [...published, keys.rotated.jwk];
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
