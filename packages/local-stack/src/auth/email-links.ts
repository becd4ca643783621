import { createHash, randomInt } from 'node:crypto';
import type { OutgoingMail } from '../outbox.ts';
import { audit, type AuditAction } from './models/audit.ts';
import type { Queryable } from './models/db.ts';
import { tooManyRequests } from './errors.ts';
import { savePkceChallenge, type PkceChallenge } from './pkce.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import type { AuthMethod } from './sessions.ts';
import { actorOf, storeEmailToken, type UserRow } from './models/users.ts';

/** The kinds of mailed link; each is verified with `POST /verify { type }` or the link itself. */
export type EmailLinkType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

/** Where a mailed code waits (as supabase/auth keeps it in `auth.users`). */
export type TokenColumn =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'reauthentication_token';

export const TOKEN_COLUMN: Record<EmailLinkType, TokenColumn> = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
};

/** The `…_sent_at` column that goes with each token column. */
export const SENT_AT_COLUMN: Record<TokenColumn, string> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  reauthentication_token: 'reauthentication_sent_at',
};

export function sentAtOf(user: UserRow, column: TokenColumn): Date | null {
  switch (column) {
    case 'confirmation_token':
      return user.confirmation_sent_at;
    case 'recovery_token':
      return user.recovery_sent_at;
    case 'email_change_token_new':
      return user.email_change_sent_at;
    case 'reauthentication_token':
      return user.reauthentication_sent_at;
  }
}

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
export function safeRedirect(rt: AuthRuntime, requested: string | null | undefined): string {
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

/** Refuses a second mail of one kind within `[auth.email] max_frequency`, as hosted does. */
export function assertMailFrequency(rt: AuthRuntime, sentAt: Date | null): void {
  const waitMs =
    sentAt === null ? 0 : sentAt.getTime() + rt.settings.emailFrequencySeconds * 1000 - rt.now();
  if (waitMs > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
    );
  }
}

const PKCE_METHOD: Record<EmailLinkType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

export function pkceMethodOf(type: EmailLinkType): AuthMethod {
  return PKCE_METHOD[type];
}

const AUDIT: Record<EmailLinkType, AuditAction> = {
  signup: 'user_confirmation_requested',
  invite: 'user_invited',
  magiclink: 'user_recovery_requested',
  recovery: 'user_recovery_requested',
  email_change: 'user_confirmation_requested',
};

const TEXTS: Record<EmailLinkType, { subject: string; lead: string; action: string }> = {
  signup: {
    subject: 'Confirm your signup',
    lead: 'Follow this link to confirm the address of your new Verdant account:',
    action: 'Confirm your mail',
  },
  invite: {
    subject: 'You have been invited',
    lead: 'You have been invited to create a Verdant account. Follow this link to accept:',
    action: 'Accept the invite',
  },
  magiclink: {
    subject: 'Your Magic Link',
    lead: 'Follow this link to sign in to Verdant:',
    action: 'Sign in',
  },
  recovery: {
    subject: 'Reset your password',
    lead: 'Follow this link to reset the password of your Verdant account:',
    action: 'Reset password',
  },
  email_change: {
    subject: 'Confirm your new email address',
    lead: 'Follow this link to confirm the new address of your Verdant account:',
    action: 'Confirm address',
  },
};

export interface PreparedLink {
  /** The mail to send once the transaction commits. */
  mail: OutgoingMail;
  actionLink: string;
  otp: string;
  hashedToken: string;
  redirectTo: string;
}

/**
 * Stores a fresh code of `type` for `user` (for `email_change`: the pending address `to`) and
 * returns the mail carrying the link and the code. Runs inside the caller's transaction.
 */
export async function prepareLink(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  type: EmailLinkType,
  request: AuthRequest,
  options: { pkce?: PkceChallenge | null; to?: string; redirectTo?: string | null } = {},
): Promise<PreparedLink> {
  const to = options.to ?? user.email ?? '';
  const { otp, tokenHash: hash } = newEmailOtp(to);
  if (options.pkce) await savePkceChallenge(db, rt, user.id, pkceMethodOf(type), options.pkce);
  await storeEmailToken(db, user.id, TOKEN_COLUMN[type], hash, new Date(rt.now()), {
    ...(type === 'email_change' ? { emailChange: to } : {}),
    ...(type === 'invite' ? { invited: true } : {}),
  });
  await audit(
    db,
    rt,
    actorOf(user),
    AUDIT[type],
    request.ip,
    type === 'email_change' ? { new_email: to } : {},
  );
  const redirectTo = safeRedirect(
    rt,
    options.redirectTo ?? request.url.searchParams.get('redirect_to'),
  );
  const query = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  const actionLink = `${rt.apiUrl}/auth/v1/verify?${query.toString()}`;
  const text = TEXTS[type];
  return {
    actionLink,
    otp,
    hashedToken: hash,
    redirectTo,
    mail: {
      to,
      subject: text.subject,
      type,
      text: `${text.lead}\n\n${actionLink}\n\nOr enter this code: ${otp}\n\nIf you did not ask for this, ignore this mail.`,
      html: `<p>${text.lead}</p><p><a href="${actionLink}">${text.action}</a></p><p>Or enter this code: ${otp}</p>`,
    },
  };
}

/** Stores a reauthentication code for `user`; returns the mail with the code. */
export async function prepareReauthentication(
  db: Queryable,
  rt: AuthRuntime,
  user: UserRow,
  request: AuthRequest,
): Promise<OutgoingMail> {
  const to = user.email ?? '';
  const { otp, tokenHash: hash } = newEmailOtp(to);
  await storeEmailToken(db, user.id, 'reauthentication_token', hash, new Date(rt.now()));
  await audit(db, rt, actorOf(user), 'user_reauthenticate_requested', request.ip);
  return {
    to,
    subject: 'Confirm reauthentication',
    type: 'reauthentication',
    text: `To confirm it is you, enter this code: ${otp}\n\nIf you did not ask for this, ignore this mail.`,
    html: `<p>Enter this code to confirm it is you:</p><p>${otp}</p>`,
  };
}
