import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';
import { errorMessage } from '../../api/guards.js';
import type { Config } from '../../config/load.js';
import type { SecretSource } from '../secrets.js';

/** Names of the server secrets the authorization server and the secret store read. */
export interface AuthSecretNames {
  /** PEM RSA private key that signs access tokens (`--auth.appAuth.selfAuthServer.tokenSigningRSAKeySecretName`). */
  signingKey: string;
  /** The previous signing key, still accepted and published (`...oldTokenSigningRSAKeySecretName`). */
  oldSigningKey: string;
  /** 32 bytes, base64: encrypts the claims of refresh tokens (`...claimSymmetricEncryptionKeySecretName`). */
  claimKey: string;
  /** 32 bytes, base64: seals platform secrets at rest ({@link SECRETS_SEALING_KEY}). */
  sealingKey: string;
  /** The secret of the built-in confidential client `orch-propeller` ({@link PROPELLER_SECRET}). */
  propellerSecret: string;
  /** 32 bytes, base64: authenticates login cookies (`--auth.userAuth.cookieHashKeySecretName`). */
  cookieHashKey: string;
  /** 32 bytes, base64: encrypts login cookies (`--auth.userAuth.cookieBlockKeySecretName`). */
  cookieBlockKey: string;
}

/** Server secret holding the key that seals platform secrets at rest (32 random bytes, base64). */
export const SECRETS_SEALING_KEY = 'secrets_sealing_key';

/**
 * Server secret holding the client secret of the built-in confidential client `orch-propeller`
 * (the client's default `--admin.clientSecretLocation` is `/etc/secrets/client_secret`, so a client
 * on the server's host reads the same file).
 */
export const PROPELLER_SECRET = 'client_secret';

/** One verification key: its JWK thumbprint (RFC 7638) is the `kid` of the tokens it signed. */
export interface VerificationKey {
  kid: string;
  publicKey: KeyObject;
  jwk: JWK;
}

/** The keys of the self-hosted authorization server, loaded from the server's secrets. */
export interface AuthKeys {
  /** Signs new access tokens. */
  signing: { kid: string; privateKey: KeyObject };
  /** The current key first, then the old one when `oldSigningKey` is set (rotation). */
  verification: VerificationKey[];
  /** 32 bytes; encrypts refresh token claims. */
  claimKey: Uint8Array;
  /** 32 bytes; seals platform secrets; undefined when the secret is not set. */
  sealingKey: Uint8Array | undefined;
  /** The `orch-propeller` client secret; undefined when not set (the client is then disabled). */
  propellerSecret: string | undefined;
  /** The login cookie keys, 32 bytes each; undefined when either secret is not set (then no user login). */
  cookieKeys: { hashKey: Uint8Array; blockKey: Uint8Array } | undefined;
}

/** Thrown when a required auth secret is missing or malformed; names the secret, never its value. */
export class AuthKeyError extends Error {
  override name = 'AuthKeyError';
}

function rsaPrivateKey(name: string, pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new AuthKeyError(`server secret ${name} is not a PEM private key (${errorMessage(error)})`);
  }
  if (key.asymmetricKeyType !== 'rsa') {
    throw new AuthKeyError(
      `server secret ${name} holds a ${key.asymmetricKeyType} key; RS256 needs an RSA key`,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048)
    throw new AuthKeyError(`server secret ${name} holds a ${bits}-bit RSA key; at least 2048 bits`);
  return key;
}

function symmetricKey(name: string, text: string): Uint8Array {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== 32) {
    throw new AuthKeyError(
      `server secret ${name} must be 32 bytes, base64-encoded (it decodes to ${bytes.length})`,
    );
  }
  return new Uint8Array(bytes);
}

async function verificationKey(privateKey: KeyObject): Promise<VerificationKey> {
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, publicKey, jwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}

/**
 * Loads the authorization server's keys from `secrets`. The signing key and the claim key are
 * required; the old signing key, the sealing key, the `orch-propeller` secret and the cookie keys are
 * optional (each cookie key, when set, must be 32 bytes).
 * @throws AuthKeyError naming the secret that is missing or malformed and where it was looked for.
 */
export async function loadAuthKeys(secrets: SecretSource, names: AuthSecretNames): Promise<AuthKeys> {
  const required = async (name: string) => {
    const value = await secrets.get(name);
    if (!value) throw new AuthKeyError(`server secret ${name} is not set (${secrets.describe(name)})`);
    return value;
  };
  const signingKey = rsaPrivateKey(names.signingKey, await required(names.signingKey));
  const current = await verificationKey(signingKey);
  const verification = [current];
  const oldPem = await secrets.get(names.oldSigningKey);
  if (oldPem) verification.push(await verificationKey(rsaPrivateKey(names.oldSigningKey, oldPem)));
  const sealing = await secrets.get(names.sealingKey);
  const cookieHash = await secrets.get(names.cookieHashKey);
  const cookieBlock = await secrets.get(names.cookieBlockKey);
  return {
    signing: { kid: current.kid, privateKey: signingKey },
    verification,
    claimKey: symmetricKey(names.claimKey, await required(names.claimKey)),
    sealingKey: sealing ? symmetricKey(names.sealingKey, sealing) : undefined,
    propellerSecret: (await secrets.get(names.propellerSecret)) || undefined,
    cookieKeys:
      cookieHash && cookieBlock
        ? {
            hashKey: symmetricKey(names.cookieHashKey, cookieHash),
            blockKey: symmetricKey(names.cookieBlockKey, cookieBlock),
          }
        : undefined,
  };
}

/**
 * Writes every secret of `names` that `secrets` lacks into `dir` (created with mode 0700; files
 * 0600): a 2048-bit RSA key in PKCS#1 PEM for the signing key, 32 random bytes in base64 for the
 * claim, sealing and cookie keys, 32 random bytes in base64url for the `orch-propeller` client secret. The
 * old signing key is never generated. Used by the sandbox on first start.
 * @returns the names of the secrets written.
 */
export async function generateMissingAuthSecrets(
  secrets: SecretSource,
  names: AuthSecretNames,
  dir: string,
): Promise<string[]> {
  const makers: [string, () => string][] = [
    [
      names.signingKey,
      () =>
        generateKeyPairSync('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey,
    ],
    [names.claimKey, () => randomBytes(32).toString('base64')],
    [names.sealingKey, () => randomBytes(32).toString('base64')],
    [names.propellerSecret, () => randomBytes(32).toString('base64url')],
    [names.cookieHashKey, () => randomBytes(32).toString('base64')],
    [names.cookieBlockKey, () => randomBytes(32).toString('base64')],
  ];
  const written: string[] = [];
  for (const [name, make] of makers) {
    if (await secrets.get(name)) continue;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await chmod(dir, 0o700);
    await writeFile(join(dir, name), make(), { mode: 0o600, flag: 'wx' });
    written.push(name);
  }
  return written;
}

/**
 * The secret names of `--auth.appAuth.selfAuthServer.*` and `--auth.userAuth.*`, plus the sealing key
 * and `orch-propeller`'s secret: what the admin loads at start and `orch serve init-secrets` writes.
 */
export function authSecretNames(config: Pick<Config, 'auth'>): AuthSecretNames {
  const self = config.auth.appAuth.selfAuthServer;
  return {
    signingKey: self.tokenSigningRSAKeySecretName,
    oldSigningKey: self.oldTokenSigningRSAKeySecretName,
    claimKey: self.claimSymmetricEncryptionKeySecretName,
    sealingKey: SECRETS_SEALING_KEY,
    propellerSecret: PROPELLER_SECRET,
    cookieHashKey: config.auth.userAuth.cookieHashKeySecretName,
    cookieBlockKey: config.auth.userAuth.cookieBlockKeySecretName,
  };
}
