import { randomUUID } from 'node:crypto';
import { audit } from './models/audit.ts';
import { readJsonObject } from './body.ts';
import { isUuid } from '@verdant/validation';
import { isUniqueViolation, transaction, type Queryable } from './models/db.ts';
import { badRequest, forbidden, notFound, unprocessable, validationFailed } from './errors.ts';
import type { AuthRequest, AuthRuntime, SignedInRequest } from './runtime.ts';
import {
  deleteFactorOf,
  insertChallenge,
  insertTotpFactor,
  lockChallenge,
  lockFactor,
  markVerified,
  type FactorRecord,
} from './models/factors.ts';
import { currentRefreshToken, raiseToAal2 } from './models/sessions.ts';
import { inetOrNull, rotateRefreshToken, sessionResponse } from './sessions.ts';
import { matchTotpStep, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';
import { actorOf, findUserById } from './models/users.ts';

const MAX_FACTORS = 10;

const nameConflict = (name: string) =>
  unprocessable(
    'mfa_factor_name_conflict',
    `A factor with the friendly name "${name}" for this user already exists`,
  );

/** POST /factors: enrol a TOTP factor (phone and WebAuthn are not configured locally). */
export async function enroll(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const { user, session } = request.auth;
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
      await insertTotpFactor(db, { id, userId: user.id, friendlyName, secret }, new Date(rt.now()));
      await audit(db, rt, actorOf(user), 'factor_in_progress', request.ip, {
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

async function factorOf(
  rt: AuthRuntime,
  request: AuthRequest,
  userId: string,
  db: Queryable,
): Promise<FactorRecord> {
  const factorId = request.params.id ?? '';
  const factor = isUuid(factorId) ? await lockFactor(db, userId, factorId) : null;
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** POST /factors/{id}/challenge */
export async function challenge(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const { user } = request.auth;
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
    await insertChallenge(
      db,
      { id, factorId: factor.id, ip: inetOrNull(request.ip) ?? '0.0.0.0' },
      now,
    );
    await audit(db, rt, actorOf(user), 'challenge_created', request.ip, {
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

/**
 * POST /factors/{id}/verify `{ challenge_id, code }`: a correct code (30 s steps, ±1 step, each
 * step once) verifies the factor and raises the session to aal2 with `totp` in its amr.
 */
export async function verify(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const { user, session } = request.auth;
  const body = await readJsonObject(request.req);
  const challengeId = body.string('challenge_id') ?? '';
  const code = (body.string('code') ?? '').trim();
  if (code === '') throw validationFailed('Code needs to be non-empty');
  if (!isUuid(challengeId))
    throw badRequest(
      'bad_json',
      'Could not parse request body as JSON: challenge_id must be a UUID',
    );

  const response = await transaction(rt.pool, async (db) => {
    const factor = await factorOf(rt, request, user.id, db);
    const found = await lockChallenge(db, factor.id, challengeId);
    if (!found)
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    // A challenge is good for one verification; a second one names that, not an IP mismatch.
    if (found.verified_at !== null) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has already been verified, create a new challenge.`,
      );
    }
    if (found.ip_address !== (inetOrNull(request.ip) ?? '0.0.0.0')) {
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
    await markVerified(
      db,
      { userId: user.id, factorId: factor.id, challengeId: found.id, step },
      now,
    );
    await raiseToAal2(db, { id: session.id, userId: user.id }, factor.id, now);
    await audit(db, rt, actorOf(user), 'verification_attempted', request.ip, {
      factor_id: factor.id,
      challenge_id: found.id,
      factor_type: 'totp',
    });
    const current = await currentRefreshToken(db, session.id);
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
export async function unenroll(rt: AuthRuntime, request: SignedInRequest): Promise<Response> {
  const { user, session } = request.auth;
  const id = await transaction(rt.pool, async (db) => {
    const factor = await factorOf(rt, request, user.id, db);
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await deleteFactorOf(db, user.id, factor.id, new Date(rt.now()));
    await audit(db, rt, actorOf(user), 'factor_unenrolled', request.ip, {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: session.id,
    });
    return factor.id;
  });
  return Response.json({ id });
}
