import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as AuthCallback } from './auth-callback.tsx';

const WREN = { id: 'u1', name: 'Wren Ash', email: 'wren@example.com', role: 'affiliate' };

const session = vi.hoisted(() => ({
  current: { isInitialized: false, isAuthenticated: false, mfaRequired: false },
}));
vi.mock('@verdant/auth/react', () => ({
  useSession: () => ({ ...session.current, user: session.current.isAuthenticated ? WREN : null }),
}));

/** What the auth server appends to a recovery link opened a second time. */
const USED_LINK =
  '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

function renderAt(path: string, hash: string, state: typeof session.current) {
  session.current = state;
  // The page reads the link's error from the address bar's fragment, as supabase-js leaves it.
  window.history.replaceState(null, '', `${path}${hash}`);
  const router = createMemoryRouter([{ path: '/auth/callback', element: <AuthCallback /> }], {
    initialEntries: [path],
  });
  render(
    <Theme>
      <RouterProvider router={router} />
    </Theme>,
  );
}

const h1 = () => screen.getAllByRole('heading', { level: 1 });
const NEXT = '/auth/callback?next=%2Freset-password%3Fstep%3Dnew';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('/auth/callback has one page heading in every state', () => {
  it('while the session is read: "Signing you in", even for a link with an error', () => {
    renderAt(NEXT, '#access_token=a&refresh_token=b', {
      isInitialized: false,
      isAuthenticated: false,
      mfaRequired: false,
    });
    expect(h1().map((heading) => heading.textContent)).toEqual(['Signing you in']);
    cleanup();

    renderAt(NEXT, USED_LINK, { isInitialized: false, isAuthenticated: false, mfaRequired: false });
    expect(h1().map((heading) => heading.textContent)).toEqual(['Signing you in']);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('a used link, signed out: it did not sign in; a new link or the login', () => {
    renderAt(NEXT, USED_LINK, { isInitialized: true, isAuthenticated: false, mfaRequired: false });
    expect(h1().map((heading) => heading.textContent)).toEqual(['This link did not sign you in']);
    expect(screen.getByText('Email link is invalid or has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('a used link, signed in: says so, and leads on to the dashboard and the profile', () => {
    renderAt(NEXT, USED_LINK, { isInitialized: true, isAuthenticated: true, mfaRequired: false });
    expect(h1().map((heading) => heading.textContent)).toEqual(['You are already signed in']);
    expect(
      screen.getByText(
        'This link has expired or was used already — you are signed in as Wren Ash (wren@example.com).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Change your password' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(screen.queryByText('This link did not sign you in')).toBeNull();
  });

  it('another refusal, signed in: the refusal in its own words', () => {
    renderAt(
      '/auth/callback?next=%2Fprofile',
      '#error=access_denied&error_description=The+provider+refused+the+request',
      { isInitialized: true, isAuthenticated: true, mfaRequired: false },
    );
    expect(h1().map((heading) => heading.textContent)).toEqual(['You are already signed in']);
    expect(
      screen.getByText(
        'This link did not work: The provider refused the request — you are signed in as Wren Ash (wren@example.com).',
      ),
    ).toBeTruthy();
  });
});
