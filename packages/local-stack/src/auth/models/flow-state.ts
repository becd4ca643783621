import { randomUUID } from 'node:crypto';
import type { Queryable } from './db.ts';

/** `auth.flow_state`: PKCE challenges of mailed links and the codes they hand out. */

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  authentication_method: string;
  auth_code_issued_at: Date | null;
}

/** Replaces the challenge of `userId`'s next `method` link. */
export async function saveFlowState(
  db: Queryable,
  userId: string,
  method: string,
  challenge: { method: string; challenge: string },
  at: Date,
): Promise<void> {
  await db.query(
    `with replaced as (
       delete from auth.flow_state where user_id = $1 and authentication_method = $2
     )
     insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, created_at, updated_at)
     values ($3, $1, $4, $5, $6, 'email', $2, $7, $7)`,
    [userId, method, randomUUID(), randomUUID(), challenge.method, challenge.challenge, at],
  );
}

/** Marks the code of `userId`'s `method` flow as handed out; returns it, or null without a flow. */
export async function issueFlowCode(
  db: Queryable,
  userId: string,
  method: string,
  at: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = $3, updated_at = $3
     where user_id = $1 and authentication_method = $2 returning auth_code`,
    [userId, method, at],
  );
  return rows[0]?.auth_code ?? null;
}

/** Takes the flow of `authCode` (locked, then deleted: a code is exchanged once). */
export async function takeFlowState(db: Queryable, authCode: string): Promise<FlowStateRow | null> {
  const { rows } = await db.query<FlowStateRow>(
    `select id, user_id, code_challenge_method, code_challenge, authentication_method, auth_code_issued_at
     from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  return rows[0] ?? null;
}

export async function deleteFlowState(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.flow_state where id = $1', [id]);
}
