/** Access tokens of realtime channels: verified with the stack's key, with hosted Realtime's messages. */
import { decodeJwt } from 'jose';
import { SUBSCRIBER_ROLES, type SubscriberRole } from './visibility.ts';

export interface VerifiedToken {
  token: string;
  role: SubscriberRole;
  claims: Record<string, unknown>;
  claimsJson: string;
  /** Expiry in ms since the epoch. */
  expiresAt: number;
}

export type TokenResult = { ok: true; value: VerifiedToken } | { ok: false; reason: string };

export async function verifyAccessToken(
  token: unknown,
  verify: (token: string) => Promise<Record<string, unknown>>,
): Promise<TokenResult> {
  if (typeof token !== 'string' || token.length === 0)
    return { ok: false, reason: 'The access token is missing' };
  if (token.length > 16_384) return { ok: false, reason: 'The access token is too long' };
  let claims: Record<string, unknown>;
  try {
    claims = await verify(token);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') {
      let ago = 0;
      try {
        const exp = decodeJwt(token).exp;
        if (typeof exp === 'number') ago = Math.max(0, Math.round(Date.now() / 1000 - exp));
      } catch {
        // the message without the age
      }
      return { ok: false, reason: `Token has expired ${ago} seconds ago` };
    }
    return { ok: false, reason: 'Invalid JWT: the token could not be verified' };
  }
  const role = claims.role;
  const exp = claims.exp;
  if (typeof role !== 'string' || typeof exp !== 'number')
    return { ok: false, reason: 'Fields `role` and `exp` are required in JWT' };
  if (!(SUBSCRIBER_ROLES as readonly string[]).includes(role))
    return { ok: false, reason: `The role "${role}" cannot use realtime` };
  return {
    ok: true,
    value: {
      token,
      role: role as SubscriberRole,
      claims,
      claimsJson: JSON.stringify(claims),
      expiresAt: exp * 1000,
    },
  };
}
