import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  decodeProtectedHeader,
  generateKeyPair,
  jwtVerify,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateKeys, type StackKeys } from '../src/keys.ts';

let dataDir: string;
let keys: StackKeys;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'verdant-keys-'));
  keys = await loadOrCreateKeys(dataDir);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadOrCreateKeys', () => {
  it('persists the key pair and API keys in keys.json, readable only by the owner', async () => {
    const again = await loadOrCreateKeys(dataDir);
    expect(again.kid).toBe(keys.kid);
    expect(again.anonKey).toBe(keys.anonKey);
    expect(again.serviceRoleKey).toBe(keys.serviceRoleKey);
    const info = await stat(join(dataDir, 'keys.json'));
    expect(info.mode & 0o077).toBe(0);
    const stored = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as {
      kid: string;
    };
    expect(stored.kid).toBe(keys.kid);
  });

  it('publishes only the public part of the key in the JWKS', () => {
    expect(keys.jwks.keys).toHaveLength(1);
    const [jwk] = keys.jwks.keys;
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: keys.kid });
    expect(jwk).not.toHaveProperty('d');
  });

  it('signs tokens that verify against the published JWKS with the kid in the header', async () => {
    const token = await keys.sign({ sub: 'user-1', role: 'authenticated' }, 3600);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: keys.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys.jwks));
    expect(payload.sub).toBe('user-1');
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('issues long-lived anon and service-role keys signed with the same key', async () => {
    expect(await keys.verify(keys.anonKey)).toMatchObject({ role: 'anon' });
    expect(await keys.verify(keys.serviceRoleKey)).toMatchObject({ role: 'service_role' });
  });

  it('refuses expired tokens, unsigned tokens and tokens signed with another key', async () => {
    const expired = await keys.sign({ sub: 'u', iat: Math.floor(Date.now() / 1000) - 7200 }, 3600);
    await expect(keys.verify(expired)).rejects.toThrow();
    const unsigned = new UnsecuredJWT({ sub: 'u', role: 'service_role' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    await expect(keys.verify(unsigned)).rejects.toThrow();
    const other = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ sub: 'u' })
      .setProtectedHeader({ alg: 'ES256', kid: keys.kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(other.privateKey);
    await expect(keys.verify(foreign)).rejects.toThrow();
  });

  it('checks expiry against the given clock', async () => {
    const token = await keys.sign({ sub: 'u' }, 60);
    await expect(keys.verify(token, { now: Date.now() + 120_000 })).rejects.toThrow();
  });
});
