import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  SignJWT,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type KeyObject,
} from 'jose';

/** Signing algorithm of every token the stack issues. */
export const SIGNING_ALG = 'ES256';

/** Issuer of the long-lived API keys (anon / service role), as the Supabase CLI names it. */
export const API_KEY_ISSUER = 'supabase-demo';

const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

export type PublicSigningJwk = JsonWebKey & { kid: string; alg: string; use: 'sig' };

export interface StackKeys {
  kid: string;
  alg: 'ES256';
  publicJwk: PublicSigningJwk;
  jwks: { keys: PublicSigningJwk[] };
  /** Long-lived JWT with role `anon`: the key a browser holds. */
  anonKey: string;
  /** Long-lived JWT with role `service_role`: bypasses RLS; server side only. */
  serviceRoleKey: string;
  /**
   * Signs `claims` as an ES256 JWT with this stack's `kid`. `iat` defaults to now; `exp` is
   * `iat + expiresInSeconds`.
   */
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /**
   * Verifies signature (ES256 with this key only — `alg: none` and other keys are refused) and
   * expiry, then returns the claims. Throws on any failure. `now` (ms) replaces the clock.
   */
  verify(token: string, options?: { now?: number }): Promise<Record<string, unknown>>;
}

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  anonKey: string;
  serviceRoleKey: string;
}

type SigningKey = CryptoKey | KeyObject | Uint8Array;

/**
 * Loads the stack's signing key pair from `<dataDir>/keys.json`, creating and persisting a new
 * P-256 pair (and the anon / service-role keys) on first use, so tokens survive restarts.
 */
export async function loadOrCreateKeys(dataDir: string): Promise<StackKeys> {
  const file = join(dataDir, 'keys.json');
  const stored = await readKeyFile(file);
  const keyFile = stored ?? (await createKeyFile(file, dataDir));
  const privateKey = await importJWK(keyFile.privateJwk, SIGNING_ALG);
  const publicKey = await importJWK(keyFile.publicJwk, SIGNING_ALG);
  const publicJwk = toPublicSigningJwk(keyFile.publicJwk, keyFile.kid);

  return {
    kid: keyFile.kid,
    alg: SIGNING_ALG,
    publicJwk,
    jwks: { keys: [publicJwk] },
    anonKey: keyFile.anonKey,
    serviceRoleKey: keyFile.serviceRoleKey,
    sign: (claims, expiresInSeconds) =>
      signToken(privateKey, keyFile.kid, claims, expiresInSeconds),
    async verify(token, options) {
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [SIGNING_ALG],
        ...(options?.now === undefined ? {} : { currentDate: new Date(options.now) }),
      });
      return payload;
    },
  };
}

async function signToken(
  key: SigningKey,
  kid: string,
  claims: Record<string, unknown>,
  expiresInSeconds: number,
): Promise<string> {
  const iat = typeof claims.iat === 'number' ? claims.iat : Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat, exp: iat + expiresInSeconds })
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'JWT' })
    .sign(key);
}

async function readKeyFile(file: string): Promise<KeyFile | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<KeyFile>;
  if (
    !parsed.kid ||
    !parsed.privateJwk ||
    !parsed.publicJwk ||
    !parsed.anonKey ||
    !parsed.serviceRoleKey
  ) {
    throw new Error(
      `${file} is incomplete; delete it (or reset the data directory) to create new keys`,
    );
  }
  return parsed as KeyFile;
}

async function createKeyFile(file: string, dataDir: string): Promise<KeyFile> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const iat = Math.floor(Date.now() / 1000);
  const apiKey = (role: string) =>
    signToken(privateKey, kid, { iss: API_KEY_ISSUER, role, iat }, API_KEY_LIFETIME_SECONDS);
  const keyFile: KeyFile = {
    kid,
    privateJwk,
    publicJwk,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
  };
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(keyFile, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return keyFile;
}

function toPublicSigningJwk(jwk: JWK, kid: string): PublicSigningJwk {
  const { kty, crv, x, y } = jwk;
  return {
    kty,
    crv,
    x,
    y,
    kid,
    alg: SIGNING_ALG,
    use: 'sig',
    key_ops: ['verify'],
  };
}
