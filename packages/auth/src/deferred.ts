import type { AuthEngine, AuthEventListener } from './engine.ts';
import type { AuthSnapshot } from './types.ts';

/** What a deferred engine reports until the real one has loaded: not initialised, signed out. */
export const PENDING_AUTH_SNAPSHOT: AuthSnapshot = Object.freeze({
  user: null,
  session: null,
  isAuthenticated: false,
  isDemoMode: false,
  token: null,
  isInitialized: false,
  rememberMe: false,
  sessionTimeout: null,
  assuranceLevel: null,
  nextAssuranceLevel: null,
  mfaRequired: false,
  expiryWarning: null,
});

/**
 * An engine that loads the real one on first use (`start()` or any action), so a page can render
 * before the session engine and its Supabase client are downloaded:
 * `createDeferredAuthEngine(() => import('./backend').then((m) => m.engine))`.
 *
 * Until it has loaded, `getSnapshot()` is `PENDING_AUTH_SNAPSHOT` (`isInitialized: false`, so
 * `RequireRole` shows its loading state); then every call goes to the loaded engine and its
 * subscribers and event listeners are moved over. Actions called earlier wait for the load.
 * A failed load rejects the pending calls and is retried by the next one.
 */
export function createDeferredAuthEngine(load: () => Promise<AuthEngine>): AuthEngine {
  let engine: AuthEngine | null = null;
  let loading: Promise<AuthEngine> | null = null;
  /** Whether `start()` was called more recently than `stop()`. */
  let running = false;
  const listeners = new Set<() => void>();
  /** Event listeners added before the load, with their detach function once attached. */
  const eventListeners = new Map<AuthEventListener, (() => void) | null>();

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  function get(): Promise<AuthEngine> {
    if (engine) return Promise.resolve(engine);
    loading ??= load().then(
      (loaded) => {
        if (!engine) {
          engine = loaded;
          loaded.subscribe(notify);
          for (const listener of eventListeners.keys()) {
            eventListeners.set(listener, loaded.onEvent(listener));
          }
          notify();
        }
        return engine;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /** Runs `action` on the loaded engine, after the load when it has not happened yet. */
  const later =
    <A extends unknown[], R>(action: (loaded: AuthEngine, ...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      get().then((loaded) => action(loaded, ...args));

  /** Synchronous actions: at once when loaded, otherwise once the load is done. */
  const soon = (action: (loaded: AuthEngine) => void) => (): void => {
    if (engine) action(engine);
    else void get().then(action, () => {});
  };

  return {
    getSnapshot: () => (engine ? engine.getSnapshot() : PENDING_AUTH_SNAPSHOT),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    onEvent(listener) {
      if (engine) return engine.onEvent(listener);
      eventListeners.set(listener, null);
      return () => {
        eventListeners.get(listener)?.();
        eventListeners.delete(listener);
      };
    },
    start() {
      running = true;
      return get().then((loaded) => (running ? loaded.start() : undefined));
    },
    stop() {
      running = false;
      engine?.stop();
    },
    login: later((loaded, email: string, password: string, options?: { rememberMe?: boolean }) =>
      loaded.login(email, password, options),
    ),
    register: later((loaded, input: Parameters<AuthEngine['register']>[0]) =>
      loaded.register(input),
    ),
    logout: later((loaded) => loaded.logout()),
    extendSession: soon((loaded) => loaded.extendSession()),
    enterDemo: later((loaded) => loaded.enterDemo()),
    exitDemo: soon((loaded) => loaded.exitDemo()),
    refreshProfile: later((loaded) => loaded.refreshProfile()),
    changePassword: later((loaded, input: Parameters<AuthEngine['changePassword']>[0]) =>
      loaded.changePassword(input),
    ),
    verifyRecoveryCode: later((loaded, input: Parameters<AuthEngine['verifyRecoveryCode']>[0]) =>
      loaded.verifyRecoveryCode(input),
    ),
    mfa: {
      enrollTotp: later((loaded, options?: Parameters<AuthEngine['mfa']['enrollTotp']>[0]) =>
        loaded.mfa.enrollTotp(options),
      ),
      challenge: later((loaded, factorId: string) => loaded.mfa.challenge(factorId)),
      verify: later((loaded, params: Parameters<AuthEngine['mfa']['verify']>[0]) =>
        loaded.mfa.verify(params),
      ),
      challengeAndVerify: later(
        (loaded, params: Parameters<AuthEngine['mfa']['challengeAndVerify']>[0]) =>
          loaded.mfa.challengeAndVerify(params),
      ),
      listFactors: later((loaded) => loaded.mfa.listFactors()),
      unenroll: later((loaded, factorId: string) => loaded.mfa.unenroll(factorId)),
      assuranceLevel: later((loaded) => loaded.mfa.assuranceLevel()),
    },
    identities: {
      list: later((loaded) => loaded.identities.list()),
      link: later((loaded, params: Parameters<AuthEngine['identities']['link']>[0]) =>
        loaded.identities.link(params),
      ),
      unlink: later((loaded, identity: Parameters<AuthEngine['identities']['unlink']>[0]) =>
        loaded.identities.unlink(identity),
      ),
    },
  };
}
