// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AuthProvider,
  RequireRole,
  useAuth,
  useAuthSelector,
  useSession,
  useSessionExpiry,
} from '../../src/react/index.ts';
import {
  createAuthEngine,
  createDeferredAuthEngine,
  STORAGE_KEYS,
  type AuthEngine,
} from '../../src/index.ts';
import { createFakeApi } from '../support/fake-api.ts';
import { ADA, addAda, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Guarded({ roles }: { roles: ('admin' | 'affiliate' | 'merchant' | 'demo')[] }) {
  return (
    <RequireRole
      roles={roles}
      redirectTo="/login"
      renderLoading={() => <p>Loading…</p>}
      renderRedirect={(to) => <p>Redirect to {to}</p>}
      renderDenied={(allowed) => (
        <p>Access denied. This feature requires one of the following roles: {allowed.join(', ')}</p>
      )}
    >
      <p>Protected content</p>
    </RequireRole>
  );
}

function renderWith(engine: AuthEngine, ui: React.ReactNode) {
  return render(<AuthProvider engine={engine}>{ui}</AuthProvider>);
}

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('AuthProvider', () => {
  it('starts the engine on mount and stops it on unmount', async () => {
    const { engine } = setupEngine();
    const start = vi.spyOn(engine, 'start');
    const stop = vi.spyOn(engine, 'stop');
    const view = renderWith(engine, null);
    expect(start).toHaveBeenCalled();
    await flush();
    expect(engine.getSnapshot().isInitialized).toBe(true);
    view.unmount();
    expect(stop).toHaveBeenCalled();
  });

  it('survives the StrictMode mount, unmount and remount with a single subscription', async () => {
    const { engine, fake, events } = setupEngine();
    addAda(fake);
    render(
      <StrictMode>
        <AuthProvider engine={engine}>{null}</AuthProvider>
      </StrictMode>,
    );
    await flush();
    expect(engine.getSnapshot().isInitialized).toBe(true);
    await act(async () => {
      await engine.login(ADA.email, ADA.password);
    });
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('uses the browser defaults: localStorage, document, window and location', async () => {
    localStorage.clear();
    const fake = createFakeApi();
    addAda(fake);
    const engine = createAuthEngine({ api: fake.api });
    renderWith(engine, null);
    await flush();
    await act(async () => {
      await engine.login(ADA.email, ADA.password);
    });
    expect(localStorage.getItem(STORAGE_KEYS.appVersion)).toBe('1.0.0');
    expect(localStorage.getItem(STORAGE_KEYS.authState)).not.toBeNull();
    const before = engine.getSnapshot().sessionTimeout!;
    act(() => {
      vi.advanceTimersByTime(60_000);
      window.dispatchEvent(new Event('keydown'));
      vi.advanceTimersByTime(30_000);
    });
    expect(engine.getSnapshot().sessionTimeout).toBe(before + 90_000);
    localStorage.clear();
  });

  it('takes a deferred engine: loading state until it has loaded and initialised (StrictMode)', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    let resolve!: () => void;
    const loaded = new Promise<void>((r) => (resolve = r));
    const deferred = createDeferredAuthEngine(() => loaded.then(() => engine));
    render(
      <StrictMode>
        <AuthProvider engine={deferred}>
          <Guarded roles={['merchant']} />
        </AuthProvider>
      </StrictMode>,
    );
    await flush();
    expect(screen.getByText('Loading…')).toBeTruthy();
    resolve();
    await flush();
    expect(screen.getByText('Redirect to /login')).toBeTruthy();
    await act(async () => {
      await deferred.login(ADA.email, ADA.password);
    });
    expect(screen.getByText('Protected content')).toBeTruthy();
  });

  it('hooks used outside the provider throw a clear error', () => {
    function Orphan() {
      useSession();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('Auth hooks must be used inside <AuthProvider>');
  });
});

describe('useSession / useAuth', () => {
  it('re-render on every change and expose the actions', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    function Status() {
      const { login, logout } = useAuth();
      const { isAuthenticated, user } = useSession();
      return (
        <>
          <p>{isAuthenticated ? `Signed in as ${user?.name}` : 'Signed out'}</p>
          <button onClick={() => void login(ADA.email, ADA.password)}>Log in</button>
          <button onClick={() => void logout()}>Log out</button>
        </>
      );
    }
    renderWith(engine, <Status />);
    await flush();
    expect(screen.getByText('Signed out')).toBeTruthy();
    fireEvent.click(screen.getByText('Log in'));
    await flush();
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeTruthy();
    fireEvent.click(screen.getByText('Log out'));
    await flush();
    expect(screen.getByText('Signed out')).toBeTruthy();
  });
});

describe('useAuthSelector', () => {
  it('re-renders only when the selected value changes', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    let resolve!: () => void;
    const loaded = new Promise<void>((r) => (resolve = r));
    const deferred = createDeferredAuthEngine(() => loaded.then(() => engine));
    const roleRendered = vi.fn();
    const sessionRendered = vi.fn();
    const renders = () => ({
      role: roleRendered.mock.calls.length,
      session: sessionRendered.mock.calls.length,
    });
    function Role() {
      const role = useAuthSelector((snapshot) => snapshot.user?.role ?? 'guest');
      roleRendered();
      return <p>Role: {role}</p>;
    }
    function Session() {
      const { isInitialized } = useSession();
      sessionRendered();
      return <p>{isInitialized ? 'Initialised' : 'Starting'}</p>;
    }
    renderWith(
      deferred,
      <>
        <Role />
        <Session />
      </>,
    );
    await flush();
    expect(screen.getByText('Role: guest')).toBeTruthy();
    expect(screen.getByText('Starting')).toBeTruthy();
    const before = renders();
    // The engine loads and restores no session: the snapshot changes, the role does not.
    resolve();
    await flush();
    expect(screen.getByText('Initialised')).toBeTruthy();
    expect(renders().session).toBeGreaterThan(before.session);
    expect(renders().role).toBe(before.role);
    // Signing in changes the role: the selector's component renders it.
    await act(async () => {
      await deferred.login(ADA.email, ADA.password);
    });
    expect(screen.getByText('Role: merchant')).toBeTruthy();
    expect(renders().role).toBeGreaterThan(before.role);
  });
});

describe('hydrating HTML rendered without a session', () => {
  it('renders it as it was, even when the engine has already restored a session, then updates', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    await engine.start();
    await engine.login(ADA.email, ADA.password);
    function Corner() {
      const { isAuthenticated, user } = useSession();
      const role = useAuthSelector((snapshot) => snapshot.user?.role ?? 'guest');
      return <p>{isAuthenticated ? `Signed in as ${user?.name} (${role})` : `Log in (${role})`}</p>;
    }
    // The server's HTML: no session there, only an engine that never loads.
    const html = renderToString(
      <AuthProvider engine={createDeferredAuthEngine(() => new Promise(() => {}))}>
        <Corner />
      </AuthProvider>,
    );
    expect(html).toContain('Log in (guest)');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <AuthProvider engine={engine}>
          <Corner />
        </AuthProvider>,
        { onRecoverableError: mismatches },
      );
    });
    expect(mismatches).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Signed in as Ada Lovelace (merchant)');
    container.remove();
  });
});

describe('RequireRole (spec §2 route guard)', () => {
  it('shows the spinner until auth is initialised', () => {
    const { engine } = setupEngine();
    renderWith(engine, <Guarded roles={['affiliate']} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
  });

  it("redirects an unauthenticated visitor to the route's given path", async () => {
    const { engine } = setupEngine();
    renderWith(engine, <Guarded roles={['affiliate']} />);
    await flush();
    expect(screen.getByText('Redirect to /login')).toBeTruthy();
  });

  it('shows access denied with the required roles to a user without them', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake); // merchant
    renderWith(engine, <Guarded roles={['admin', 'affiliate']} />);
    await flush();
    await act(async () => {
      await engine.login(ADA.email, ADA.password);
    });
    expect(
      screen.getByText(
        'Access denied. This feature requires one of the following roles: admin, affiliate',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Protected content')).toBeNull();
  });

  it('renders the route for the primary role or any available role', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake); // merchant
    renderWith(engine, <Guarded roles={['admin', 'affiliate', 'merchant']} />);
    await flush();
    await act(async () => {
      await engine.login(ADA.email, ADA.password);
    });
    expect(screen.getByText('Protected content')).toBeTruthy();
  });

  it('lets the demo visitor into demo routes only', async () => {
    const { engine } = setupEngine();
    renderWith(
      engine,
      <>
        <Guarded roles={['demo']} />
        <Guarded roles={['affiliate']} />
      </>,
    );
    await flush();
    await act(async () => {
      await engine.enterDemo();
    });
    expect(screen.getByText('Protected content')).toBeTruthy();
    expect(screen.getByText(/requires one of the following roles: affiliate/)).toBeTruthy();
  });
});

describe('useSessionExpiry', () => {
  it('feeds the Session Expiring Soon modal: open, time left, Stay Signed In, Sign Out', async () => {
    const { engine, fake } = setupEngine();
    addAda(fake);
    function Probe() {
      const { open, remainingMs, staySignedIn, signOut } = useSessionExpiry();
      return (
        <>
          <p>{open ? `Expires in ${remainingMs} ms` : 'No warning'}</p>
          <button onClick={staySignedIn}>Stay Signed In</button>
          <button onClick={() => void signOut()}>Sign Out</button>
        </>
      );
    }
    renderWith(engine, <Probe />);
    await flush();
    await act(async () => {
      await engine.login(ADA.email, ADA.password);
    });
    expect(screen.getByText('No warning')).toBeTruthy();

    await act(async () => {
      vi.setSystemTime(engine.getSnapshot().sessionTimeout! - 3 * 60_000 - 1);
      await vi.advanceTimersByTimeAsync(60_000);
    });
    const text = screen.getByText(/^Expires in \d+ ms$/).textContent;
    expect(Number(text.match(/\d+/)![0])).toBeLessThanOrEqual(5 * 60_000);

    fireEvent.click(screen.getByText('Stay Signed In'));
    expect(screen.getByText('No warning')).toBeTruthy();
    expect(engine.getSnapshot().sessionTimeout).toBe(Date.now() + 24 * 60 * 60_000);

    await act(async () => {
      vi.setSystemTime(engine.getSnapshot().sessionTimeout! - 2 * 60_000);
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.getByText(/^Expires in/)).toBeTruthy();
    fireEvent.click(screen.getByText('Sign Out'));
    await flush();
    expect(engine.getSnapshot().isAuthenticated).toBe(false);
    expect(screen.getByText('No warning')).toBeTruthy();
  });
});
