import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as ResetPassword } from './reset-password.tsx';

const auth = vi.hoisted(() => ({
  current: {} as { isAuthenticated: boolean; isDemoMode: boolean; token: string | null },
}));
vi.mock('@verdant/auth/react', () => ({
  useAuth: () => ({
    ...auth.current,
    user: auth.current.isAuthenticated
      ? { id: 'u1', email: 'wren@example.com', role: 'affiliate' }
      : null,
    verifyRecoveryCode: vi.fn(),
  }),
}));
vi.mock('../lib/api.ts', () => ({ api: { account: {} } }));

/** An unsigned access token with these claims (the page only reads it). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256', typ: 'JWT' })}.${part(claims)}.signature`;
}

function renderAt(path: string, state: typeof auth.current) {
  auth.current = state;
  const router = createMemoryRouter([{ path: '/reset-password', element: <ResetPassword /> }], {
    initialEntries: [path],
  });
  render(
    <Theme>
      <RouterProvider router={router} />
    </Theme>,
  );
}

const signedIn = (claims: Record<string, unknown>) => ({
  isAuthenticated: true,
  isDemoMode: false,
  token: token({ sub: 'u1', aal: 'aal1', ...claims }),
});

const CHOOSE = { name: 'Choose a new password' };
const USE_PROFILE = { name: 'Change your password on your profile' };

afterEach(cleanup);

describe('/reset-password?step=new', () => {
  it.each([
    ['a recovery link or code (local stack, hosted PKCE)', [{ method: 'recovery', timestamp: 1 }]],
    ['a link or code verified by hosted GoTrue', [{ method: 'otp', timestamp: 1 }]],
    ['a recovery, then the second step', [{ method: 'totp' }, { method: 'recovery' }]],
    ['amr written as plain strings', ['otp']],
  ])('offers the new password to a session opened by %s', (_, amr) => {
    renderAt('/reset-password?step=new', signedIn({ amr }));
    expect(screen.getByRole('heading', CHOOSE)).toBeTruthy();
    expect(screen.getByLabelText(/^New password/, { selector: 'input' })).toBeTruthy();
  });

  it.each([
    ['a password sign-in', { amr: [{ method: 'password', timestamp: 1 }] }],
    ['a magic link of the local stack', { amr: [{ method: 'magiclink', timestamp: 1 }] }],
    ['a token without amr', {}],
  ])('sends a session from %s to the profile instead', (_, claims) => {
    renderAt('/reset-password?step=new', signedIn(claims));
    expect(screen.getByRole('heading', USE_PROFILE)).toBeTruthy();
    expect(screen.queryByRole('heading', CHOOSE)).toBeNull();
    expect(screen.queryByLabelText(/^New password/, { selector: 'input' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it('sends a session with an unreadable token to the profile', () => {
    renderAt('/reset-password?step=new', {
      isAuthenticated: true,
      isDemoMode: false,
      token: 'not.a-token.at-all',
    });
    expect(screen.getByRole('heading', USE_PROFILE)).toBeTruthy();
  });

  it('asks a visitor who is not signed in (or in the demo) for the link', () => {
    renderAt('/reset-password?step=new', {
      isAuthenticated: false,
      isDemoMode: false,
      token: null,
    });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    cleanup();
    renderAt('/reset-password?step=new', { isAuthenticated: true, isDemoMode: true, token: null });
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });
});
