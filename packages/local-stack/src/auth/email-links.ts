import { createHash, randomInt } from 'node:crypto';
import { audit } from './audit.js';
import { savePkceChallenge, type PkceChallenge } from './pkce.js';
import type { OutgoingMail } from '../outbox.js';
import type { Queryable } from './db.js';
import type { AuthRequest, AuthRuntime } from './runtime.js';
import { actorOf, type UserRow } from './users.js';

export type EmailLinkType = 'recovery' | 'email_change';

/** A six-digit one-time code and the hash stored for it (and put in links). */
export function newEmailOtp(email: string): { otp: string; tokenHash: string } {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, tokenHash: tokenHash(email, otp) };
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha256').update(`${email.toLowerCase()}${otp}`).digest('hex');
}

/**
 * Where a mailed link may send the user: `redirect_to` when it points at the site's or the
 * API's origin or at a local address, else the site URL (never an open redirect).
 */
export function safeRedirect(rt: AuthRuntime, requested: string | null): string {
  if (!requested) return rt.siteUrl;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return rt.siteUrl;
  }
  const allowed = new Set([new URL(rt.siteUrl).origin, new URL(rt.apiUrl).origin]);
  const local = /^(localhost|127\.0\.0\.1|\[::1\])$/.test(target.hostname);
  return (target.protocol === 'http:' || target.protocol === 'https:') &&
    (allowed.has(target.origin) || local)
    ? target.toString()
    : rt.siteUrl;
}

function verifyLink(
  rt: AuthRuntime,
  hash: string,
  type: EmailLinkType,
  redirectTo: string,
): string {
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${rt.apiUrl}/auth/v1/verify?${query.toString()}`;
}

/** Stores a recovery code for `user`; returns the mail with the link (and the code) to send after commit. */
export async function prepareRecovery(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  request: AuthRequest,
  pkce: PkceChallenge | null,
): Promise<OutgoingMail> {
  const email = user.email ?? '';
  if (pkce) await savePkceChallenge(db, user.id, 'recovery', pkce);
  const { otp, tokenHash: hash } = newEmailOtp(email);
  await db.query('update auth.users set recovery_token = $2, recovery_sent_at = $3 where id = $1', [
    user.id,
    hash,
    new Date(rt.now()),
  ]);
  await audit(db, actorOf(user), 'user_recovery_requested', request.ip);
  const link = verifyLink(
    rt,
    hash,
    'recovery',
    safeRedirect(rt, request.url.searchParams.get('redirect_to')),
  );
  return {
    to: email,
    subject: 'Reset your password',
    type: 'recovery',
    text: `Follow this link to reset the password of your Verdant account:\n\n${link}\n\nOr enter this code: ${otp}\n\nIf you did not ask for this, ignore this mail.`,
    html: `<p>Follow this link to reset the password of your Verdant account:</p><p><a href="${link}">Reset password</a></p><p>Or enter this code: ${otp}</p>`,
  };
}

/** Stores the pending address; returns the confirmation mail to send to it after commit. */
export async function prepareEmailChange(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  newEmail: string,
  request: AuthRequest,
  pkce: PkceChallenge | null,
): Promise<OutgoingMail> {
  const { otp, tokenHash: hash } = newEmailOtp(newEmail);
  if (pkce) await savePkceChallenge(db, user.id, 'email_change', pkce);
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = $4,
       email_change_confirm_status = 0, updated_at = $4 where id = $1`,
    [user.id, newEmail, hash, new Date(rt.now())],
  );
  await audit(db, actorOf(user), 'user_confirmation_requested', request.ip, {
    new_email: newEmail,
  });
  const link = verifyLink(
    rt,
    hash,
    'email_change',
    safeRedirect(rt, request.url.searchParams.get('redirect_to')),
  );
  return {
    to: newEmail,
    subject: 'Confirm your new email address',
    type: 'email_change',
    text: `Follow this link to confirm ${newEmail} as the new address of your Verdant account:\n\n${link}\n\nOr enter this code: ${otp}`,
    html: `<p>Follow this link to confirm ${newEmail} as the new address of your Verdant account:</p><p><a href="${link}">Confirm address</a></p><p>Or enter this code: ${otp}</p>`,
  };
}
