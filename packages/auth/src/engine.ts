import type { AuthChangeEvent, Session, User as AuthUser } from '@supabase/supabase-js';
import { systemClock } from './clock.ts';
import { SUBSCRIPTION_RECHECK_DELAY_MS } from './constants.ts';
import { createDemoSessionStore } from './demo.ts';
import { listenToEnvironment } from './environment.ts';
import { browserFingerprint } from './fingerprint.ts';
import {
  assuranceLevels,
  createIdentities,
  createMfa,
  isReusedCode,
  MFA_CODE_REUSED_MESSAGE,
  needsSecondFactor,
  sessionAssuranceLevels,
  type AuthIdentities,
  type AuthMfa,
} from './mfa.ts';
import {
  PASSWORD_CHANGE_NOT_SIGNED_IN,
  PasswordChangeError,
  checkPasswordChange,
  isWrongCode,
  isWrongPassword,
  passwordUpdateError,
  type ChangePasswordInput,
} from './password.ts';
import { createAuthPersistence, sessionDuration } from './persistence.ts';
import { createAutoRefresher, isRetryableRefreshError } from './refresh.ts';
import {
  AUTH_FAILED_MESSAGE,
  signUpError,
  signUpMetadata,
  type RegisterInput,
} from './registration.ts';
import { createSessionTimers } from './session-timers.ts';
import { createSafeStorage, defaultStorage } from './storage.ts';
import { createStore } from './store.ts';
import type {
  AuthApi,
  AuthEnvironment,
  AuthEventName,
  AuthSnapshot,
  Clock,
  Logger,
  StorageLike,
  User,
} from './types.ts';
import { DEMO_USER, userFromAuthMetadata, userFromProfile, withSubscription } from './user.ts';
import { checkAppVersion } from './version.ts';

export interface AuthEngineDeps {
  /** `@verdant/api-client`'s client (or anything with its `supabase` and `profiles`). */
  api: AuthApi;
  storage?: StorageLike;
  clock?: Clock;
  env?: AuthEnvironment;
  fingerprint?: () => string;
  reload?: () => void;
  logger?: Logger;
}

export interface RegisterResult {
  user: AuthUser | null;
  session: Session | null;
  /** True when the account must confirm its email before signing in. */
  confirmationRequired: boolean;
}

/** What `verifyRecoveryCode` takes: the account's address and the code its recovery mail gave. */
export interface RecoveryCodeInput {
  email: string;
  code: string;
}

export type AuthEventListener = (event: AuthEventName, snapshot: AuthSnapshot) => void;

/**
 * The session engine: a subscribable store of the auth state (`subscribe`/`getSnapshot`, for
 * `useSyncExternalStore`) and the actions that change it.
 */
export interface AuthEngine {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Session events: SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, MFA_CHALLENGE_VERIFIED. */
  onEvent(listener: AuthEventListener): () => void;
  /** Starts listening and restores the session; resolves once `isInitialized` is true. */
  start(): Promise<void>;
  /** Stops listening and every timer; the state is kept and `start()` may be called again. */
  stop(): void;
  /**
   * Password sign-in. Provider errors are rethrown as they are. When the account has a verified
   * MFA factor the password opens an `aal1` session that is not signed in yet (`mfaRequired`):
   * `mfa.challengeAndVerify` with a code from the authenticator finishes the sign-in. The promise
   * resolves with the account's user either way.
   */
  login(email: string, password: string, options?: { rememberMe?: boolean }): Promise<User>;
  /**
   * Sign-up with name, role (default affiliate) and any well-formed inviter's username as
   * metadata, after validation.
   */
  register(input: RegisterInput): Promise<RegisterResult>;
  /** Logs out (also ends demo mode); never throws. */
  logout(): Promise<void>;
  /** Stay Signed In / activity: the persisted session runs for another 24 h (30 days). */
  extendSession(): void;
  enterDemo(): Promise<void>;
  exitDemo(): void;
  /** Re-reads the profile of the signed-in user (e.g. after onboarding or a profile edit). */
  refreshProfile(): Promise<void>;
  /**
   * Changes the signed-in user's password: checks the new one with `validatePassword`, confirms
   * the current one by signing in with it again (the user keeps the session they have), asks for
   * an authenticator code when the account has two-step verification and this session has not
   * passed it, then updates the password (`PUT /user`). A refusal the user can fix in one field
   * is a `PasswordChangeError` naming the field; in every refusal the password stays as it was.
   */
  changePassword(input: ChangePasswordInput): Promise<void>;
  /**
   * Signs in with the code of a password-recovery mail (`POST /verify`, type `recovery`), as
   * following its link would: the session it opens is announced as SIGNED_IN, and its access
   * token lists the recovery in `amr`, so the user may choose a new password without the current
   * one. Resolves with the signed-in user. For an account with a verified MFA factor the recovery
   * opens an `aal1` session that, like a password sign-in, waits for the code (`mfaRequired`).
   * A wrong or expired code is the auth server's error, rethrown as it is (code `otp_expired`),
   * and changes nothing.
   */
  verifyRecoveryCode(input: RecoveryCodeInput): Promise<User>;
  mfa: AuthMfa;
  identities: AuthIdentities;
}

/**
 * The engine refreshes the session itself (30 s ticks, 90 s margin, its own back-off); a
 * supabase-js client that also refreshes would race it with the same refresh token, and one of
 * the two would see `refresh_token_already_used`. So the client must be made without it.
 */
export const AUTO_REFRESH_CONFLICT_MESSAGE =
  'createAuthEngine needs an api-client made with auth: { autoRefreshToken: false }: the engine refreshes the session itself, and two refreshers would race with one refresh token.';

function assertNoClientAutoRefresh(auth: AuthApi['supabase']['auth']): void {
  // GoTrueClient keeps its setting on the instance; test doubles without it are accepted.
  if ((auth as { autoRefreshToken?: unknown }).autoRefreshToken === true) {
    throw new Error(AUTO_REFRESH_CONFLICT_MESSAGE);
  }
}

const LOGGED_OUT = {
  user: null,
  session: null,
  isAuthenticated: false,
  isDemoMode: false,
  token: null,
  rememberMe: false,
  sessionTimeout: null,
  assuranceLevel: null,
  nextAssuranceLevel: null,
  mfaRequired: false,
  expiryWarning: null,
} as const satisfies Omit<AuthSnapshot, 'isInitialized'>;

type Assurance = Pick<AuthSnapshot, 'assuranceLevel' | 'nextAssuranceLevel' | 'mfaRequired'>;

/**
 * The assurance fields of the snapshot for `session` (product spec §4 "MFA"): the current level
 * from its token, the next one `aal2` when the account has a verified factor, and whether the
 * session still waits for that factor.
 */
function assuranceOf(session: Session | null): Assurance {
  const levels = sessionAssuranceLevels(session);
  return {
    assuranceLevel: levels.currentLevel,
    nextAssuranceLevel: levels.nextLevel,
    mfaRequired: needsSecondFactor(levels),
  };
}

/** A held session that has not passed its second factor: not signed in (no user). */
const AWAITING_SECOND_FACTOR = { user: null, isAuthenticated: false } as const;

/** Warnings and errors go to the console; progress messages are dropped. */
const consoleLogger: Logger = {
  info: () => {},
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

/** supabase-js leaves `expires_at` out of some event payloads; derive it from `expires_in`. */
function normalizeSession(session: Session, now: number): Session {
  if (session.expires_at !== undefined) return session;
  return { ...session, expires_at: Math.round(now / 1000) + session.expires_in };
}

/**
 * The session engine: a framework-agnostic, subscribable store with every session rule of the
 * product spec (§3 auth state, §4 transitions and lifecycle, §8 errors, §9 constants).
 */
export function createAuthEngine(deps: AuthEngineDeps): AuthEngine {
  const auth = deps.api.supabase.auth;
  assertNoClientAutoRefresh(auth);
  const { profiles } = deps.api;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? consoleLogger;
  const env = deps.env ?? {
    document: (globalThis as { document?: AuthEnvironment['document'] }).document,
    window: (globalThis as { window?: AuthEnvironment['window'] }).window,
  };
  const fingerprint = deps.fingerprint ?? (() => browserFingerprint(env.window));
  const reload = deps.reload ?? (() => env.window?.location?.reload());
  const storage = createSafeStorage(deps.storage ?? defaultStorage(), logger);
  const persistence = createAuthPersistence(storage, env.window?.location?.origin ?? '');
  const demo = createDemoSessionStore(storage);

  const store = createStore<AuthSnapshot>({ ...LOGGED_OUT, isInitialized: false });
  const eventListeners = new Set<AuthEventListener>();
  const state = () => store.getSnapshot();

  let rememberMeForNextSignIn = false;
  /**
   * The user whose current password is being confirmed: supabase-js announces the sign-in that
   * confirms it, and the return to the user's own session, as SIGNED_IN; neither is a new sign-in.
   */
  let confirmingPasswordOf: string | null = null;
  /** Recently applied session events by access token (supabase-js announces them during calls). */
  const processed = new Map<string, Promise<void>>();
  let subscriptionRecheck: unknown = null;
  let started: Promise<void> | null = null;
  const detach: (() => void)[] = [];

  // ---- persistence: saved on every change ---------------------------------------------------

  function save(): void {
    const { user, session, isAuthenticated, isDemoMode, rememberMe, sessionTimeout } = state();
    if (!isAuthenticated || isDemoMode || !user || !session || sessionTimeout === null) return;
    persistence.save({
      user,
      session,
      rememberMe,
      expiresAt: sessionTimeout,
      fingerprint: fingerprint(),
    });
  }
  store.subscribe(save);

  function emit(event: AuthEventName): void {
    const snapshot = state();
    for (const listener of [...eventListeners]) {
      try {
        listener(event, snapshot);
      } catch (error) {
        logger.error(`An ${event} listener threw`, error);
      }
    }
  }

  // ---- lifecycle timers --------------------------------------------------------------------

  const refresher = createAutoRefresher({
    clock,
    logger,
    getSession: () => state().session,
    refresh: async (refreshToken) => {
      const { error } = await auth.refreshSession({ refresh_token: refreshToken });
      return { error };
    },
    onFatal: () => void endSession(),
  });

  const timers = createSessionTimers({
    clock,
    getExpiry: () => state(),
    onExpired: () => void logout(),
    onWarning: (remainingMs) =>
      store.setState({ expiryWarning: remainingMs === null ? null : { remainingMs } }),
    onActivity: () => extendSession(),
  });

  function hasLiveSession(): boolean {
    const { isAuthenticated, isDemoMode, session } = state();
    return isAuthenticated && !isDemoMode && session !== null;
  }

  /** A session that passed the password and waits for the second factor (not signed in). */
  function holdsPendingSession(): boolean {
    const { mfaRequired, isDemoMode, session } = state();
    return mfaRequired && !isDemoMode && session !== null;
  }

  function isHidden(): boolean {
    return env.document?.visibilityState === 'hidden';
  }

  /**
   * Runs the timers exactly while a real session is live (and the engine started). A session
   * waiting for its second factor keeps its token fresh, without the signed-in session's expiry
   * warning and activity tracking.
   */
  function syncTimers(): void {
    if (started && hasLiveSession()) timers.start();
    else timers.stop();
    if (started && (hasLiveSession() || holdsPendingSession())) {
      if (!isHidden() && !refresher.running) void refresher.start();
    } else {
      refresher.stop();
    }
  }

  // ---- transitions -------------------------------------------------------------------------

  function cancelSubscriptionRecheck(): void {
    if (subscriptionRecheck !== null) clock.clearTimeout(subscriptionRecheck);
    subscriptionRecheck = null;
  }

  /** Logged out: state reset, persisted entries cleared, timers stopped. */
  function toLoggedOut(): void {
    const hadSession = state().session !== null;
    cancelSubscriptionRecheck();
    persistence.clear();
    store.setState({ ...LOGGED_OUT });
    syncTimers();
    if (hadSession) emit('SIGNED_OUT');
  }

  /** Removes a session the server no longer accepts, locally only. */
  async function endSession(): Promise<void> {
    try {
      await auth.signOut({ scope: 'local' });
    } catch (error) {
      logger.warn('Could not clear the local session', error);
    }
    toLoggedOut();
  }

  async function loadUser(authUser: AuthUser): Promise<User> {
    try {
      const profile = await profiles.fetchProfile(authUser.id);
      return profile ? userFromProfile(authUser, profile) : userFromAuthMetadata(authUser);
    } catch (error) {
      logger.error('Could not load the profile; using the account details instead', error);
      return userFromAuthMetadata(authUser);
    }
  }

  /** Whether `session` still belongs to the user the state holds (no logout in between). */
  function isCurrent(userId: string): boolean {
    return state().session?.user.id === userId;
  }

  function scheduleSubscriptionRecheck(userId: string, profileLoaded: Promise<void>): void {
    cancelSubscriptionRecheck();
    subscriptionRecheck = clock.setTimeout(() => {
      subscriptionRecheck = null;
      void (async () => {
        try {
          // Read after the profile so the subscription fields are never older than it.
          await profileLoaded;
          if (!isCurrent(userId)) return;
          const subscription = await profiles.fetchSubscription(userId);
          const { user } = state();
          if (subscription && user && user.id === userId && isCurrent(userId)) {
            store.setState({ user: withSubscription(user, subscription) });
          }
        } catch (error) {
          logger.warn('Could not re-check the subscription', error);
        }
      })();
    }, SUBSCRIPTION_RECHECK_DELAY_MS);
  }

  /**
   * Applies a session event from supabase-js: stores the session, re-fetches the profile on
   * SIGNED_IN and TOKEN_REFRESHED, re-checks the subscription 100 ms later, and then emits the
   * event to subscribers.
   */
  async function applySession(event: AuthEventName, incoming: Session): Promise<void> {
    const session = normalizeSession(incoming, clock.now());
    const current = state();
    const sameUser = current.session?.user.id === session.user.id;
    // The second factor of a pending sign-in continues it (its remember-me and expiry stay).
    const newSignIn =
      current.isDemoMode ||
      !sameUser ||
      (!current.isAuthenticated && !(current.mfaRequired && current.session !== null));
    if (current.isDemoMode) demo.clear();
    const assurance = assuranceOf(session);

    const patch: Partial<AuthSnapshot> = {
      session,
      token: session.access_token,
      isDemoMode: false,
      ...assurance,
    };
    if (newSignIn) {
      const rememberMe = rememberMeForNextSignIn;
      rememberMeForNextSignIn = false;
      Object.assign(patch, {
        user: null,
        isAuthenticated: false,
        rememberMe,
        sessionTimeout: clock.now() + sessionDuration(rememberMe),
        expiryWarning: null,
      });
    }
    if (assurance.mfaRequired) {
      // Password only, with a verified factor: held for the code step, not signed in, nothing
      // persisted and nothing announced until the factor is verified (MFA_CHALLENGE_VERIFIED).
      Object.assign(patch, AWAITING_SECOND_FACTOR);
      store.setState(patch);
      cancelSubscriptionRecheck();
      persistence.clear();
      syncTimers();
      return;
    }
    store.setState(patch);

    const refetch = event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || state().user === null;
    if (refetch) {
      const userId = session.user.id;
      const loaded = loadUser(session.user).then((user) => {
        if (isCurrent(userId)) store.setState({ user, isAuthenticated: true });
      });
      // A verified second factor completes a sign-in: its subscription is re-checked as well.
      if (event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED' || current.mfaRequired)
        scheduleSubscriptionRecheck(userId, loaded);
      await loaded;
      if (!isCurrent(userId)) return;
    }
    save();
    emit(event);
    syncTimers();
  }

  function onAuthStateChange(event: AuthChangeEvent, session: Session | null): void {
    switch (event) {
      case 'SIGNED_IN':
        if (session && session.user.id === confirmingPasswordOf) return;
        if (session) void applyEvent(event, session);
        return;
      case 'TOKEN_REFRESHED':
      case 'MFA_CHALLENGE_VERIFIED':
        if (session) void applyEvent(event, session);
        return;
      case 'USER_UPDATED':
        if (session && isCurrent(session.user.id)) {
          const assurance = assuranceOf(session);
          // A change of whether the session still needs its second factor is a new state.
          if (assurance.mfaRequired !== state().mfaRequired)
            void applyEvent('TOKEN_REFRESHED', session);
          else store.setState({ session, token: session.access_token, ...assurance });
        }
        return;
      case 'SIGNED_OUT':
        if (!state().isDemoMode) toLoggedOut();
        return;
      default:
        return;
    }
  }

  function applyEvent(event: AuthEventName, session: Session): Promise<void> {
    const done = applySession(event, session).catch((error: unknown) => {
      logger.error(`Could not apply ${event}`, error);
    });
    processed.set(session.access_token, done);
    if (processed.size > 8) processed.delete(processed.keys().next().value as string);
    return done;
  }

  /** Waits for an event supabase-js already delivered, or applies it if it was not. */
  function ensureApplied(event: AuthEventName, session: Session): Promise<void> {
    return processed.get(session.access_token) ?? applyEvent(event, session);
  }

  // ---- start-up ----------------------------------------------------------------------------

  async function restore(): Promise<void> {
    const version = checkAppVersion(storage);
    if (version === 'changed') {
      logger.info('The app version changed: local data cleared, reloading');
      store.setState({ ...LOGGED_OUT });
      reload();
      return;
    }

    const now = clock.now();
    if (demo.restore(now)) {
      store.setState({ ...LOGGED_OUT, user: DEMO_USER, isAuthenticated: true, isDemoMode: true });
      return;
    }

    const restored = persistence.restore(fingerprint(), now);
    if (restored.status === 'discarded') {
      logger.warn(`Discarded the stored auth state (${restored.reason})`);
      await endSession();
      return;
    }

    if (restored.status === 'restored') {
      // Shown at once; confirmed against supabase-js below. A stored session that has not passed
      // the account's second factor is held, never shown signed in.
      const saved = restored.value;
      const assurance = assuranceOf(saved.session);
      store.setState({
        user: saved.user,
        session: saved.session,
        token: saved.session.access_token,
        isAuthenticated: true,
        rememberMe: saved.rememberMe,
        sessionTimeout: saved.expiresAt,
        ...assurance,
        ...(assurance.mfaRequired ? AWAITING_SECOND_FACTOR : {}),
      });
      if (assurance.mfaRequired) persistence.clear();
    }

    const { data, error } = await auth.getSession();
    if (error) logger.warn('Could not read the current session', error);
    let session = data.session;
    if (!session && restored.status === 'restored') {
      const { access_token, refresh_token } = restored.value.session;
      const result = await auth.setSession({ access_token, refresh_token });
      if (result.error && !isRetryableRefreshError(result.error)) {
        logger.warn('The stored session is no longer valid', result.error);
        await endSession();
        return;
      }
      // Offline: keep the stored session; the auto-refresh tick tries again.
      if (!result.data.session) return;
      session = result.data.session;
    }
    if (!session) return;

    // setSession announces SIGNED_IN / TOKEN_REFRESHED, which already re-fetched the profile.
    const announced = processed.get(session.access_token);
    if (announced) {
      await announced;
      return;
    }

    // A session supabase-js already held: refresh our view of it. Without stored state (e.g.
    // after an OAuth callback) it starts a default-length persisted session.
    const current = state();
    const sameUser = current.session?.user.id === session.user.id;
    const fresh =
      !sameUser || (!current.isAuthenticated && !(current.mfaRequired && current.session !== null));
    const assurance = assuranceOf(session);
    store.setState({
      session: normalizeSession(session, now),
      token: session.access_token,
      ...assurance,
      ...(fresh
        ? {
            user: null,
            isAuthenticated: false,
            rememberMe: false,
            sessionTimeout: now + sessionDuration(false),
          }
        : {}),
      // Held for the code step (the login page resumes it), not signed in.
      ...(assurance.mfaRequired ? AWAITING_SECOND_FACTOR : {}),
    });
    if (assurance.mfaRequired) {
      persistence.clear();
      return;
    }
    const userId = session.user.id;
    const user = await loadUser(session.user);
    if (isCurrent(userId)) store.setState({ user, isAuthenticated: true });
  }

  function onVisibilityChange(hidden: boolean): void {
    save();
    if (hidden) {
      refresher.stop();
      return;
    }
    if (holdsPendingSession()) {
      void refresher.start();
      return;
    }
    if (!hasLiveSession()) return;
    timers.checkWarning(); // logs out a session that expired while hidden
    if (hasLiveSession()) void refresher.start();
  }

  // ---- public actions ----------------------------------------------------------------------

  /** Starts listening and restores the session; resolves once `isInitialized` is true. */
  function start(): Promise<void> {
    if (started) return started;
    const { data } = auth.onAuthStateChange(onAuthStateChange);
    detach.push(() => data.subscription.unsubscribe());
    detach.push(
      listenToEnvironment(env, {
        visibilityChange: onVisibilityChange,
        unload: save,
        activity: () => {
          if (hasLiveSession()) timers.activity();
        },
      }),
    );
    started = restore()
      .catch((error: unknown) => {
        logger.error('Could not restore the session', error);
        persistence.clear();
        store.setState({ ...LOGGED_OUT });
      })
      .finally(() => {
        store.setState({ isInitialized: true });
        syncTimers();
      });
    return started;
  }

  /** Stops listening and stops every timer; the state is kept and `start()` may be called again. */
  function stop(): void {
    for (const undo of detach.splice(0)) undo();
    started = null;
    cancelSubscriptionRecheck();
    syncTimers();
  }

  /**
   * The user a sign-in call resolves with: the signed-in user, or, for a session that waits for
   * its second factor (not signed in, so not in the state), the account's user read for the caller.
   */
  async function signedInUser(session: Session): Promise<User> {
    const { user, mfaRequired } = state();
    if (user) return user;
    if (mfaRequired && isCurrent(session.user.id)) return loadUser(session.user);
    throw new Error(AUTH_FAILED_MESSAGE);
  }

  /** Password sign-in (see `AuthEngine.login`). Provider errors are rethrown as they are. */
  async function login(
    email: string,
    password: string,
    options: { rememberMe?: boolean } = {},
  ): Promise<User> {
    rememberMeForNextSignIn = options.rememberMe === true;
    let result: Awaited<ReturnType<typeof auth.signInWithPassword>>;
    try {
      result = await auth.signInWithPassword({ email, password });
    } catch (error) {
      rememberMeForNextSignIn = false;
      throw error;
    }
    const { data, error } = result;
    if (error) {
      rememberMeForNextSignIn = false;
      throw error;
    }
    if (!data.user || !data.session) {
      rememberMeForNextSignIn = false;
      throw new Error(AUTH_FAILED_MESSAGE);
    }
    await ensureApplied('SIGNED_IN', data.session);
    return signedInUser(data.session);
  }

  /** Sign-up with name and role (default affiliate) as metadata, after validation. */
  async function register(input: RegisterInput): Promise<RegisterResult> {
    const metadata = signUpMetadata(input);

    const { data, error } = await auth.signUp({
      email: input.email,
      password: input.password,
      options: { data: metadata },
    });
    if (error) throw signUpError(error);
    if (data.session) await ensureApplied('SIGNED_IN', data.session);
    return { user: data.user, session: data.session, confirmationRequired: data.session === null };
  }

  /** Logs out (also ends demo mode); never throws. */
  async function logout(): Promise<void> {
    if (state().isDemoMode) {
      exitDemo();
      return;
    }
    if (state().session) {
      try {
        const { error } = await auth.signOut();
        if (error) {
          logger.warn('Sign-out failed on the server; signing out locally', error);
          await auth.signOut({ scope: 'local' });
        }
      } catch (error) {
        logger.warn('Sign-out failed', error);
      }
    }
    toLoggedOut();
  }

  /** Stay Signed In / activity: the persisted session runs for another 24 h (30 days). */
  function extendSession(): void {
    if (!hasLiveSession()) return;
    store.setState({
      sessionTimeout: clock.now() + sessionDuration(state().rememberMe),
      expiryWarning: null,
    });
  }

  async function enterDemo(): Promise<void> {
    if (state().session) await logout();
    demo.start(clock.now());
    store.setState({ ...LOGGED_OUT, user: DEMO_USER, isAuthenticated: true, isDemoMode: true });
  }

  function exitDemo(): void {
    demo.clear();
    if (state().isDemoMode) store.setState({ ...LOGGED_OUT });
  }

  /** Re-reads the profile of the signed-in user (e.g. after onboarding or a profile edit). */
  async function refreshProfile(): Promise<void> {
    const { session } = state();
    if (!session || state().isDemoMode || state().mfaRequired) return;
    const user = await loadUser(session.user);
    if (isCurrent(session.user.id)) store.setState({ user });
  }

  /**
   * Confirms `password` by signing in with it again, then returns supabase-js to `own` (the
   * session the user has, with its assurance level and timers) and ends the session the sign-in
   * opened. Throws `wrong_current_password` when the auth server refuses it.
   */
  async function confirmPassword(own: Session, email: string, password: string): Promise<void> {
    confirmingPasswordOf = own.user.id;
    try {
      const { data, error } = await auth.signInWithPassword({ email, password });
      if (error) {
        if (isWrongPassword(error)) throw new PasswordChangeError('wrong_current_password');
        throw error;
      }
      const opened = data.session;
      if (!opened) return;
      const back = await auth.setSession({
        access_token: own.access_token,
        refresh_token: own.refresh_token,
      });
      if (back.error || !back.data.session) {
        // supabase-js still holds the session the check opened: it becomes the user's session.
        confirmingPasswordOf = null;
        await ensureApplied('SIGNED_IN', opened);
        throw back.error ?? new Error(AUTH_FAILED_MESSAGE);
      }
      const restored = back.data.session;
      if (isCurrent(restored.user.id) && restored.access_token !== state().session?.access_token) {
        // An expired access token was renewed on the way back.
        store.setState({
          session: normalizeSession(restored, clock.now()),
          token: restored.access_token,
        });
      }
      // The check's session is no longer held here; end it on the server too (supabase-js's own
      // sign-out calls the same endpoint with the session's token).
      const { error: endError } = await auth.admin.signOut(opened.access_token, 'local');
      if (endError) logger.warn('Could not end the session of the password check', endError);
    } finally {
      confirmingPasswordOf = null;
    }
  }

  async function changePassword(input: ChangePasswordInput): Promise<void> {
    checkPasswordChange(input);
    // A session waiting for its second factor may change the password with a code (below).
    const holdsSession = () => hasLiveSession() || holdsPendingSession();
    if (!holdsSession()) throw new Error(PASSWORD_CHANGE_NOT_SIGNED_IN);
    // A token about to expire is renewed now, not while the user's session is set aside below.
    await refresher.tick();
    const own = state().session;
    if (!holdsSession() || !own) throw new Error(PASSWORD_CHANGE_NOT_SIGNED_IN);
    const email = own.user.email;
    if (!email) throw new Error('This account has no email address to confirm the password with.');

    // With two-step verification on, the auth server changes the password only in a session that
    // passed it (aal2); one that has not passes it here, with a code, before anything changes.
    const factors = await mfa.listFactors();
    const levels = assuranceLevels(own.access_token, factors);
    const factor =
      levels.nextLevel === 'aal2' && levels.currentLevel !== 'aal2'
        ? factors.find((f) => f.status === 'verified' && f.factor_type === 'totp')
        : undefined;
    const code = input.code?.trim() ?? '';
    if (factor && !/^\d{6}$/.test(code)) throw new PasswordChangeError('code_required');

    await confirmPassword(own, email, input.currentPassword);

    if (factor) {
      try {
        await mfa.challengeAndVerify({ factorId: factor.id, code });
      } catch (error) {
        if (isWrongCode(error)) throw new PasswordChangeError('wrong_code');
        // The code was right a moment ago (the password's own step-up, say): said at its field.
        if (isReusedCode(error))
          throw new PasswordChangeError('wrong_code', MFA_CODE_REUSED_MESSAGE);
        throw error;
      }
    }

    // supabase-js announces the result as USER_UPDATED, which keeps the session as it is.
    const { error } = await auth.updateUser({ password: input.newPassword });
    if (error) throw passwordUpdateError(error);
  }

  async function verifyRecoveryCode({ email, code }: RecoveryCodeInput): Promise<User> {
    const { data, error } = await auth.verifyOtp({
      email: email.trim(),
      token: code.trim(),
      type: 'recovery',
    });
    if (error) throw error;
    if (!data.session) throw new Error(AUTH_FAILED_MESSAGE);
    await ensureApplied('SIGNED_IN', data.session);
    return signedInUser(data.session);
  }

  const mfa = createMfa({
    auth,
    getSession: () => state().session,
    onVerified: (session) => ensureApplied('MFA_CHALLENGE_VERIFIED', session),
    now: () => clock.now(),
  });

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    onEvent(listener: AuthEventListener): () => void {
      eventListeners.add(listener);
      return () => {
        eventListeners.delete(listener);
      };
    },
    start,
    stop,
    login,
    register,
    logout,
    extendSession,
    enterDemo,
    exitDemo,
    refreshProfile,
    changePassword,
    verifyRecoveryCode,
    mfa,
    identities: createIdentities(auth),
  };
}
