import type pg from 'pg';
import type { StackKeys } from '../keys.js';
import type { Outbox } from '../outbox.js';
import type { RateLimiter } from './rate-limit.js';
import type { AuthSettings } from './settings.js';

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
  now: () => number;
  settings: AuthSettings;
  limiter: RateLimiter;
}

/** One request as the routes see it. */
export interface AuthRequest {
  req: Request;
  url: URL;
  ip: string;
  /** Path parameters, e.g. `{ id }` of /factors/{id}/verify. */
  params: Record<string, string>;
}
