import { randomUUID } from 'node:crypto';
import { audit } from './audit.js';
import { readJsonObject } from './body.js';
import { UUID_PATTERN, isUniqueViolation, transaction, type Queryable } from './db.js';
import { badRequest, forbidden, notFound, unprocessable, validationFailed } from './errors.js';
import { requireUser } from './guard.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { addAmrClaim, inetOrNull, rotateRefreshToken, sessionResponse } from './sessions.js';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp.js';
import { actorOf, findUserById } from './users.js';

const MAX_FACTORS = 10;

const nameConflict = (name: string) =>
  unprocessable(
    'mfa_factor_name_conflict',
    `A factor with the friendly name "${name}" for this user already exists`,
  );

/** POST /factors: enrol a TOTP factor (phone and WebAuthn are not configured locally). */
export async function enroll(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const { user, session } = await requireUser(rt, request);
  const body = await readJsonObject(request.req);
  const factorType = body.string('factor_type');
  const friendlyName = body.string('friendly_name') ?? '';
  const issuerParam = body.string('issuer');
  if (factorType === 'phone') {
    throw unprocessable(
      'mfa_phone_enroll_not_enabled',
      'MFA enroll is disabled for Phone: SMS is not configured on this server',
    );
  }
  if (factorType === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp')
    throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  if (friendlyName !== '' && user.factors.some((factor) => factor.friendly_name === friendlyName)) {
    throw nameConflict(friendlyName);
  }
  if (user.factors.length >= MAX_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (user.factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  const issuer = issuerParam || new URL(rt.siteUrl).host;
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, user.email ?? user.id);
  const qrCode = await totpQrSvg(uri);
  const id = randomUUID();
  try {
    await transaction(rt.pool, async (db) => {
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
        [id, user.id, friendlyName, new Date(rt.now()), secret],
      );
      await audit(db, actorOf(user), 'factor_in_progress', request.ip, {
        factor_id: id,
        factor_type: 'totp',
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameConflict(friendlyName);
    throw error;
  }
  return Response.json({
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret, uri },
  });
}

interface FactorRecord {
  id: string;
  user_id: string;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  last_totp_step: string | null;
}

async function factorOf(
  rt: AuthRuntime,
  request: AuthRequest,
  userId: string,
  db: Queryable,
): Promise<FactorRecord> {
  const factorId = request.params.id ?? '';
  const { rows } = UUID_PATTERN.test(factorId)
    ? await db.query<FactorRecord>(
        `select id, user_id, factor_type, status, secret, last_totp_step
         from auth.mfa_factors where id = $1 and user_id = $2 for update`,
        [factorId, userId],
      )
    : { rows: [] };
  const factor = rows[0];
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** POST /factors/{id}/challenge */
export async function challenge(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  rt.limiter.take('mfa', request.ip);
  const { user } = await requireUser(rt, request);
  await readJsonObject(request.req, { allowEmpty: true });
  const result = await transaction(rt.pool, async (db) => {
    const factor = await factorOf(rt, request, user.id, db);
    if (factor.factor_type !== 'totp') {
      throw unprocessable(
        'mfa_phone_verify_not_enabled',
        'MFA verification is disabled for Phone: SMS is not configured on this server',
      );
    }
    const id = randomUUID();
    const now = new Date(rt.now());
    await db.query(
      'insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)',
      [id, factor.id, now, inetOrNull(request.ip) ?? '0.0.0.0'],
    );
    await db.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [
      factor.id,
      now,
    ]);
    await audit(db, actorOf(user), 'challenge_created', request.ip, {
      factor_id: factor.id,
      factor_status: factor.status,
    });
    return {
      id,
      type: 'totp',
      expires_at: Math.floor(rt.now() / 1000) + rt.settings.mfaChallengeSeconds,
    };
  });
  return Response.json(result);
}

interface ChallengeRecord {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/**
 * POST /factors/{id}/verify `{ challenge_id, code }`: a correct code (30 s steps, ±1 step, each
 * step once) verifies the factor and raises the session to aal2 with `totp` in its amr.
 */
export async function verify(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  rt.limiter.take('mfa', request.ip);
  const { user, session } = await requireUser(rt, request);
  const body = await readJsonObject(request.req);
  const challengeId = body.string('challenge_id') ?? '';
  const code = (body.string('code') ?? '').trim();
  if (code === '') throw validationFailed('Code needs to be non-empty');
  if (!UUID_PATTERN.test(challengeId))
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: challenge_id must be a UUID',
    );

  const response = await transaction(rt.pool, async (db) => {
    const factor = await factorOf(rt, request, user.id, db);
    const { rows } = await db.query<ChallengeRecord>(
      'select id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
      [challengeId, factor.id],
    );
    const found = rows[0];
    if (!found)
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    if (found.verified_at !== null || found.ip_address !== (inetOrNull(request.ip) ?? '0.0.0.0')) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (found.created_at.getTime() + rt.settings.mfaChallengeSeconds * 1000 < rt.now()) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const step = factor.secret ? matchTotpStep(factor.secret, code, rt.now()) : null;
    const lastStep = factor.last_totp_step === null ? null : Number(factor.last_totp_step);
    if (step === null || (lastStep !== null && step <= lastStep)) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }

    const now = new Date(rt.now());
    await db.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [
      found.id,
      now,
    ]);
    await db.query(
      `update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = $3 where id = $1`,
      [factor.id, step, now],
    );
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified' and id <> $2`,
      [user.id, factor.id],
    );
    await db.query(
      `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`,
      [session.id, factor.id, now],
    );
    await addAmrClaim(db, session.id, 'totp', now);
    // Other sessions of the user below aal2 end, as supabase/auth does after a verification.
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [
      user.id,
      session.id,
    ]);
    await audit(db, actorOf(user), 'verification_attempted', request.ip, {
      factor_id: factor.id,
      challenge_id: found.id,
      factor_type: 'totp',
    });
    const { rows: tokens } = await db.query<{ token: string; user_id: string }>(
      `select token, user_id from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
      [session.id],
    );
    const current = tokens[0];
    if (!current)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    const rotated = await rotateRefreshToken(
      db,
      rt,
      { ...current, session_id: session.id },
      request.req.headers.get('user-agent'),
    );
    const fresh = (await findUserById(db, user.id))!;
    return sessionResponse(db, rt, fresh, session.id, rotated.token, rotated.claims);
  });
  return Response.json(response);
}

/** DELETE /factors/{id}: a verified factor needs an aal2 session; its sessions fall back to aal1. */
export async function unenroll(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const { user, session } = await requireUser(rt, request);
  const id = await transaction(rt.pool, async (db) => {
    const factor = await factorOf(rt, request, user.id, db);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await db.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await db.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
      [factor.id],
    );
    await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    await audit(db, actorOf(user), 'factor_unenrolled', request.ip, {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: session.id,
    });
    return factor.id;
  });
  return Response.json({ id });
}
