import type pg from 'pg';
import type { StackKeys } from '../keys.ts';
import type { Outbox } from '../outbox.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionRow } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import type { UserRow } from './models/users.ts';

/** Everything a route needs: database, keys, mail, clock, settings. */
export interface AuthRuntime {
  pool: pg.Pool;
  keys: StackKeys;
  outbox: Outbox;
  /** Public URL of the API (the gateway), e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** Where links in mails send the user by default (the web app). */
  siteUrl: string;
  /** `iss` of access tokens: `<apiUrl>/auth/v1`. */
  issuer: string;
  /**
   * The one clock of the service (milliseconds). Every timestamp the service writes or compares
   * comes from it, never from the database's `now()`, so tests that move it stay consistent.
   */
  now: () => number;
  settings: AuthSettings;
  limiter: RateLimiter;
}

/** The signed-in user and session of a request that passed the `user` guard. */
export interface Authenticated {
  claims: Record<string, unknown>;
  user: UserRow;
  session: SessionRow;
}

/** One request as the routes see it. */
export interface AuthRequest {
  req: Request;
  url: URL;
  ip: string;
  /** Path parameters, e.g. `{ id }` of /factors/{id}/verify. */
  params: Record<string, string>;
}

/** A request the router has authenticated (routes declared with the `user` guard). */
export interface SignedInRequest extends AuthRequest {
  auth: Authenticated;
}

export type Handler = (rt: AuthRuntime, request: AuthRequest) => Promise<Response>;
export type SignedInHandler = (rt: AuthRuntime, request: SignedInRequest) => Promise<Response>;
