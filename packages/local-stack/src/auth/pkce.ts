import { createHash } from 'node:crypto';
import { audit } from './models/audit.ts';
import {
  deleteFlowState,
  issueFlowCode,
  saveFlowState,
  takeFlowState,
} from './models/flow-state.ts';
import type { Body } from './body.ts';
import { readJsonObject } from './body.ts';
import { transaction, type Queryable } from './models/db.ts';
import { badRequest, notFound, unprocessable, validationFailed } from './errors.ts';
import type { AuthRequest, AuthRuntime } from './runtime.ts';
import { createSession, sessionResponse, type AuthMethod } from './sessions.ts';
import { actorOf, findUserById } from './models/users.ts';

/** A code handed out by a verified link must be exchanged within this many seconds. */
const FLOW_STATE_SECONDS = 300;

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** The PKCE challenge of a request body (`code_challenge`, `code_challenge_method`), if any. */
export function readPkceChallenge(body: Body): PkceChallenge | null {
  const challenge = body.string('code_challenge');
  const method = body.string('code_challenge_method');
  if (!challenge && !method) return null;
  if (!challenge || !method)
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  const normalised = method.toLowerCase();
  if (normalised !== 's256' && normalised !== 'plain') {
    throw validationFailed('code challenge method not supported');
  }
  if (challenge.length < 43 || challenge.length > 128)
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  return { challenge, method: normalised };
}

/** Remembers a PKCE challenge for the next `method` link of `userId` (replacing older ones). */
export async function savePkceChallenge(
  db: Queryable,
  rt: Pick<AuthRuntime, 'now'>,
  userId: string,
  method: AuthMethod,
  pkce: PkceChallenge,
): Promise<void> {
  await saveFlowState(db, userId, method, pkce, new Date(rt.now()));
}

/** The one-time code for a verified `method` link of `userId`, when the link was asked for with PKCE. */
export function issuePkceCode(
  db: Queryable,
  rt: AuthRuntime,
  userId: string,
  method: AuthMethod,
): Promise<string | null> {
  return issueFlowCode(db, userId, method, new Date(rt.now()));
}

/** POST /token?grant_type=pkce `{ auth_code, code_verifier }` → a session. */
export async function pkceGrant(rt: AuthRuntime, request: AuthRequest): Promise<Response> {
  const body = await readJsonObject(request.req);
  const authCode = body.string('auth_code');
  const verifier = body.string('code_verifier');
  if (!authCode || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const response = await transaction(rt.pool, async (db) => {
    const flow = await takeFlowState(db, authCode);
    if (!flow?.user_id || !flow.auth_code_issued_at) {
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (flow.auth_code_issued_at.getTime() + FLOW_STATE_SECONDS * 1000 < rt.now()) {
      throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const expected =
      flow.code_challenge_method === 's256'
        ? createHash('sha256').update(verifier).digest('base64url')
        : verifier;
    if (expected !== flow.code_challenge) {
      throw badRequest(
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    await deleteFlowState(db, flow.id);
    const user = await findUserById(db, flow.user_id);
    if (!user)
      throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
    await audit(db, rt, actorOf(user), 'login', request.ip, {
      provider_type: 'email',
      via: flow.authentication_method,
    });
    const { sessionId, refreshToken } = await createSession(
      db,
      rt,
      user,
      flow.authentication_method as AuthMethod,
      {
        ip: request.ip,
        userAgent: request.req.headers.get('user-agent'),
      },
    );
    return sessionResponse(db, rt, user, sessionId, refreshToken);
  });
  return Response.json(response);
}
