import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as SignupChoice } from './signup.tsx';
import { signupPage } from './signup-form.tsx';

const register = vi.fn();
const publicProfile = vi.fn();
vi.mock('@verdant/auth/react', () => ({ useAuth: () => ({ register }) }));
vi.mock('../lib/backend.ts', () => ({
  loadApi: () => Promise.resolve({ account: { publicProfile } }),
}));

const SignupAffiliate = signupPage('affiliate');
const SignupVendor = signupPage('merchant');

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/signup', element: <SignupChoice /> },
      { path: '/signup/affiliate', element: <SignupAffiliate /> },
      { path: '/signup/vendor', element: <SignupVendor /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Theme>
        <RouterProvider router={router} />
      </Theme>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

const jordan = {
  id: '4b1e2a5c-8f3d-4c62-9a71-0d2f5e6b7c81',
  name: 'Jordan Rivers',
  username: 'jordan-rivers',
  profile_image: null,
  bio: null,
};

beforeEach(() => {
  register.mockReset();
  register.mockResolvedValue({ confirmationRequired: false });
  publicProfile.mockReset();
});
afterEach(cleanup);

async function signUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^(Your name|Name)/ }), 'Rowan Ash');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'rowan@example.com');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Canopy#Trail2026');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
}

describe('sign-up through an invitation link', () => {
  it('says who invited the visitor and sends the username with the sign-up', async () => {
    publicProfile.mockResolvedValue(jordan);
    const { user } = renderAt('/signup/affiliate?ref=Jordan-Rivers');
    expect(await screen.findByText('Invited by @jordan-rivers')).toBeTruthy();
    expect(publicProfile).toHaveBeenCalledWith('jordan-rivers');
    await signUp(user);
    expect(register).toHaveBeenCalledWith({
      email: 'rowan@example.com',
      password: 'Canopy#Trail2026',
      name: 'Rowan Ash',
      role: 'affiliate',
      invitedBy: 'jordan-rivers',
    });
  });

  it('shows nothing for an unknown username, and still sends it (the database ignores it)', async () => {
    publicProfile.mockResolvedValue(null);
    const { user } = renderAt('/signup/affiliate?ref=nobody-here');
    await waitFor(() => expect(publicProfile).toHaveBeenCalledWith('nobody-here'));
    expect(screen.queryByText(/Invited by/)).toBeNull();
    await signUp(user);
    expect(register.mock.calls[0]![0]).toMatchObject({ invitedBy: 'nobody-here' });
  });

  it('shows nothing when the lookup fails', async () => {
    publicProfile.mockRejectedValue(new Error('offline'));
    renderAt('/signup/affiliate?ref=jordan-rivers');
    await waitFor(() => expect(publicProfile).toHaveBeenCalled());
    expect(screen.queryByText(/Invited by/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a malformed ref: no lookup, nothing sent', async () => {
    const { user } = renderAt('/signup/affiliate?ref=%3Cscript%3E');
    expect(screen.queryByText(/Invited by/)).toBeNull();
    await signUp(user);
    expect(publicProfile).not.toHaveBeenCalled();
    expect(register.mock.calls[0]![0]).toMatchObject({ invitedBy: null });
  });

  it('passes the ref on from the first step to either choice, with next', async () => {
    publicProfile.mockResolvedValue(jordan);
    renderAt('/signup?ref=jordan-rivers&next=%2Fpricing');
    expect(await screen.findByText('Invited by @jordan-rivers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up as an affiliate' }).getAttribute('href')).toBe(
      '/signup/affiliate?next=%2Fpricing&ref=jordan-rivers',
    );
    expect(screen.getByRole('link', { name: 'Sign up as a vendor' }).getAttribute('href')).toBe(
      '/signup/vendor?next=%2Fpricing&ref=jordan-rivers',
    );
  });

  it('sends the ref with a vendor sign-up too', async () => {
    publicProfile.mockResolvedValue(jordan);
    const { user } = renderAt('/signup/vendor?ref=jordan-rivers');
    expect(await screen.findByText('Invited by @jordan-rivers')).toBeTruthy();
    await signUp(user);
    expect(register.mock.calls[0]![0]).toMatchObject({
      role: 'merchant',
      invitedBy: 'jordan-rivers',
    });
  });
});
