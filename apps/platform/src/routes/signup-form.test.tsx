import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_MESSAGES, PASSWORD_RULES } from '@verdant/validation';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signupPage } from './signup-form.tsx';

const register = vi.fn();
vi.mock('@verdant/auth/react', () => ({ useAuth: () => ({ register }) }));

const SignupAffiliate = signupPage('affiliate');

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/signup/affiliate', element: <SignupAffiliate /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/signup/affiliate'] },
  );
  render(
    <Theme>
      <RouterProvider router={router} />
    </Theme>,
  );
  return {
    user: userEvent.setup(),
    name: screen.getByRole('textbox', { name: 'Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByLabelText(/^Password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Create account' }),
  };
}

const rule = (id: string) => {
  const found = PASSWORD_RULES.find((r) => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return found;
};

/** The list item that states a rule, by its requirement. */
const ruleItem = (id: string) =>
  screen
    .getAllByRole('listitem')
    .filter((item) => item.textContent?.includes(rule(id).requirement));

beforeEach(() => register.mockReset());
afterEach(cleanup);

describe('sign-up password rules', () => {
  it('states every rule the validator applies, once, next to the field', () => {
    const { password } = renderPage();
    const list = screen.getByRole('list', { name: 'Your password needs:' });
    expect(list.querySelectorAll('li')).toHaveLength(PASSWORD_RULES.length);
    for (const { requirement } of PASSWORD_RULES) {
      expect(screen.getAllByText(requirement, { exact: false })).toHaveLength(1);
    }
    expect(password.getAttribute('aria-describedby')?.split(' ')).toContain(list.parentElement?.id);
  });

  it('says an unmet rule once, as not met, with no repeated or unstated message', async () => {
    const { user, password } = renderPage();
    await user.type(password, 'Password1!');
    await user.tab();
    expect(ruleItem('weakPattern')).toHaveLength(1);
    expect(ruleItem('weakPattern')[0]?.textContent).toMatch(/^✕Not met: No common patterns/);
    for (const id of ['tooShort', 'noUppercase', 'noLowercase', 'noNumber', 'noSpecial']) {
      expect(ruleItem(id)[0]?.textContent).toMatch(/^✓Met: /);
    }
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(PASSWORD_MESSAGES.weakPattern)).toBeNull();
    expect(screen.queryByText(/Could not create the account/)).toBeNull();
  });

  it('keeps rules still to do neutral while typing, and blocks a submit that breaks one', async () => {
    const { user, name, email, password, submit } = renderPage();
    await user.type(name, 'Rowan Ash');
    await user.type(email, 'rowan@example.com');
    await user.type(password, 'Password1!');
    expect(ruleItem('weakPattern')[0]?.textContent).toMatch(/^•Not met: /);
    expect(password.getAttribute('aria-invalid')).toBeNull();
    await user.click(submit);
    expect(register).not.toHaveBeenCalled();
    expect(ruleItem('weakPattern')[0]?.textContent).toMatch(/^✕Not met: /);
    await waitFor(() => expect(document.activeElement).toBe(password));
  });
});

describe('sign-up email check', () => {
  it('waits until the field is left, then follows each change', async () => {
    const { user, email, password } = renderPage();
    // Being typed: "tess@" is on its way to an address, not a mistake yet.
    await user.type(email, 'tess@');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();

    // Left unfinished: said at once.
    await user.click(password);
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    // Back in the field: finishing the address takes the message away as it is typed.
    await user.type(email, 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.type(email, '{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('says an empty or unfinished address on submit', async () => {
    const { user, email, submit } = renderPage();
    await user.click(submit);
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(email, 'tess@');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });
});

describe('sign-up with an email that already has an account', () => {
  async function submitTaken(error: unknown) {
    register.mockRejectedValueOnce(error);
    const page = renderPage();
    await page.user.type(page.name, 'Rowan Ash');
    await page.user.type(page.email, 'Affiliate@verdant.test');
    await page.user.type(page.password, 'Canopy#Trail2026');
    await page.user.click(page.submit);
    return page;
  }

  it('marks the Email field, offers log-in and reset links and focuses it', async () => {
    const { user, email, submit } = await submitTaken(
      Object.assign(new Error('User already registered'), {
        name: 'AuthApiError',
        status: 422,
        code: 'user_already_exists',
      }),
    );
    const message = await screen.findByText(/An account with this email already exists\./);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = email.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(message.id);
    expect(within(message).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(
      within(message).getByRole('link', { name: 'reset your password' }).getAttribute('href'),
    ).toBe('/reset-password');
    expect(screen.queryByText(/User already registered/)).toBeNull();
    expect(screen.queryByText(/Could not create the account/)).toBeNull();

    // The same address again is not sent; another one clears the message.
    await user.click(submit);
    expect(register).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(email));
    await user.clear(email);
    await user.type(email, 'rowan@example.com');
    expect(screen.queryByText(/An account with this email already exists/)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps other provider errors in the banner', async () => {
    await submitTaken(
      Object.assign(new Error('Email rate limit exceeded'), {
        name: 'AuthApiError',
        status: 429,
        code: 'over_email_send_rate_limit',
      }),
    );
    expect(await screen.findByText('Email rate limit exceeded')).toBeTruthy();
    expect(screen.queryByText(/An account with this email already exists/)).toBeNull();
  });
});
