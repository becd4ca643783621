import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';

export type AuditAction =
  | 'user_signedup'
  | 'login'
  | 'logout'
  | 'token_refreshed'
  | 'token_revoked'
  | 'user_modified'
  | 'user_updated_password'
  | 'user_recovery_requested'
  | 'user_confirmation_requested'
  | 'user_deleted'
  | 'identity_unlinked'
  | 'factor_in_progress'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_unenrolled'
  | 'factor_deleted'
  | 'user_invited'
  | 'user_reauthenticate_requested';

const LOG_TYPES: Record<AuditAction, string> = {
  user_signedup: 'team',
  login: 'account',
  logout: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_modified: 'user',
  user_updated_password: 'user',
  user_recovery_requested: 'user',
  user_confirmation_requested: 'user',
  user_deleted: 'team',
  identity_unlinked: 'account',
  factor_in_progress: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_unenrolled: 'factor',
  factor_deleted: 'factor',
  user_invited: 'team',
  user_reauthenticate_requested: 'user',
};

export interface AuditActor {
  id: string;
  email: string | null;
}

/** Writes one `auth.audit_log_entries` row shaped like supabase/auth's. */
export async function audit(
  db: Queryable,
  clock: { now(): number },
  actor: AuditActor | null,
  action: AuditAction,
  ip: string,
  traits: Record<string, unknown> = {},
): Promise<void> {
  const payload = {
    actor_id: actor?.id ?? '00000000-0000-0000-0000-000000000000',
    actor_username: actor?.email ?? '',
    actor_via_sso: false,
    action,
    log_type: LOG_TYPES[action],
    ...(Object.keys(traits).length > 0 ? { traits } : {}),
  };
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $4, $3)`,
    [randomUUID(), JSON.stringify(payload), ip.slice(0, 64), new Date(clock.now())],
  );
}
