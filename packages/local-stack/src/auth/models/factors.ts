import type { Queryable } from './db.ts';
import { factorJson, type FactorRow } from './users.ts';

const FACTOR_COLUMNS =
  'id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at';

/** The MFA factors of `userId`, oldest first, as the admin API lists them. */
export async function listFactorsOf(
  db: Queryable,
  userId: string,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows.map(factorJson);
}

/**
 * Deletes factor `factorId` of `userId` and lowers the sessions it raised to aal1 (dropping its
 * `totp` claims); returns the deleted factor, or null when the user has no such factor.
 */
export async function deleteFactorOf(
  db: Queryable,
  userId: string,
  factorId: string,
  at: Date,
): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<FactorRow>(
    `with claims as (
       delete from auth.mfa_amr_claims where authentication_method = 'totp'
         and session_id in (select id from auth.sessions where factor_id = $2)
     ), lowered as (
       update auth.sessions set aal = 'aal1', factor_id = null, updated_at = $3 where factor_id = $2
     )
     delete from auth.mfa_factors where id = $2 and user_id = $1 returning ${FACTOR_COLUMNS}`,
    [userId, factorId, at],
  );
  return rows[0] ? factorJson(rows[0]) : null;
}

/** A factor row as verification needs it (the secret included). */
export interface FactorRecord {
  id: string;
  user_id: string;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
  last_totp_step: string | null;
}

export async function insertTotpFactor(
  db: Queryable,
  factor: { id: string; userId: string; friendlyName: string; secret: string },
  at: Date,
): Promise<void> {
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', $4, $4, $5)`,
    [factor.id, factor.userId, factor.friendlyName, at, factor.secret],
  );
}

/** Factor `factorId` of `userId`, locked for the caller's transaction. */
export async function lockFactor(
  db: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRecord | null> {
  const { rows } = await db.query<FactorRecord>(
    `select id, user_id, factor_type, status, secret, last_totp_step
     from auth.mfa_factors where id = $1 and user_id = $2 for update`,
    [factorId, userId],
  );
  return rows[0] ?? null;
}

/** A new challenge of the factor from address `ip`; the factor records when it was challenged. */
export async function insertChallenge(
  db: Queryable,
  challenge: { id: string; factorId: string; ip: string },
  at: Date,
): Promise<void> {
  await db.query(
    `with challenged as (
       update auth.mfa_factors set last_challenged_at = $3 where id = $2
     )
     insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)`,
    [challenge.id, challenge.factorId, at, challenge.ip],
  );
}

export interface ChallengeRecord {
  id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/** Challenge `challengeId` of the factor, locked. */
export async function lockChallenge(
  db: Queryable,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRecord | null> {
  const { rows } = await db.query<ChallengeRecord>(
    `select id, created_at, verified_at, host(ip_address) as ip_address
     from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId],
  );
  return rows[0] ?? null;
}

/**
 * A correct code for time step `step`: the challenge is spent, the factor verified (remembering
 * the step, so a code counts once), and the user's other unverified TOTP factors go.
 */
export async function markVerified(
  db: Queryable,
  verification: { userId: string; factorId: string; challengeId: string; step: number },
  at: Date,
): Promise<void> {
  await db.query(
    `with spent as (
       update auth.mfa_challenges set verified_at = $4 where id = $3
     ), others as (
       delete from auth.mfa_factors
       where user_id = $1 and factor_type = 'totp' and status = 'unverified' and id <> $2
     )
     update auth.mfa_factors set status = 'verified', last_totp_step = $5, updated_at = $4 where id = $2`,
    [verification.userId, verification.factorId, verification.challengeId, at, verification.step],
  );
}
