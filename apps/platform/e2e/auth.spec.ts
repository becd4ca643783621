import { generateSync } from 'otplib';
import {
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  login,
  logout,
  mailsTo,
  signIn,
  verifiedAuthenticators,
  stack,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

const PASSWORD = 'Canopy#Trail2026';

test.describe('sign-up and login', () => {
  test('an affiliate signs up with live validation, logs out and logs back in with remember-me', async ({
    page,
  }) => {
    await page.goto('/signup');
    await expectNoAxeViolations(page, '/signup');
    await page.getByRole('link', { name: 'Sign up as an affiliate' }).click();
    await expect(page).toHaveURL(/\/signup\/affiliate$/);

    // An empty form submitted by keyboard: every field says what it needs, and the focus moves to
    // the first one to fix.
    await page.getByRole('button', { name: 'Create account' }).press('Enter');
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Enter a password')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();

    const email = uniqueEmail('creator');
    await page.getByLabel('Name').fill('Rowan Ash');
    await page.getByLabel('Email').fill('rowan..ash@example');
    await expect(page.getByText('Email must not contain consecutive dots')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    // The page states every rule the validator applies, once each, under the password field.
    const passwordBox = page.getByRole('textbox', { name: 'Password', exact: true });
    const rules = page.getByRole('list', { name: 'Your password needs:' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /At least 8 characters$/,
      /An uppercase letter$/,
      /A lowercase letter$/,
      /A number$/,
      /A special character/,
      /No common patterns: .*“password”, “123456”, “qwerty” or “admin”$/,
    ]);
    await passwordBox.fill('password');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuetext',
      'Weak',
    );
    await expect(rules.getByRole('listitem').filter({ hasText: 'uppercase' })).toContainText(
      'Not met: An uppercase letter',
    );
    await expect(page.getByText('An uppercase letter')).toHaveCount(1);
    await expect(page.getByText('Password must contain at least one uppercase letter')).toHaveCount(
      0,
    );

    // "Password1!" meets every rule but one, the common-patterns rule: after leaving the field it
    // is said once, next to the field (in the field's description), and a submit stays put.
    await passwordBox.fill('Password1!');
    await passwordBox.blur();
    const weak = rules.getByRole('listitem').filter({ hasText: 'No common patterns' });
    await expect(weak).toHaveCount(1);
    await expect(weak).toContainText('Not met: No common patterns');
    await expect(rules.getByRole('listitem').filter({ hasText: 'Not met:' })).toHaveCount(1);
    await expect(page.getByText(/No common patterns/)).toHaveCount(1);
    await expect(page.getByText('Password contains common weak patterns')).toHaveCount(0);
    await expect(passwordBox).toHaveAccessibleDescription(/Not met: No common patterns/);
    await expect(passwordBox).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '/signup/affiliate with errors');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/signup\/affiliate$/);
    await expect(passwordBox).toBeFocused();
    await expect(page.getByText('Could not create the account')).toHaveCount(0);

    await passwordBox.fill(PASSWORD);
    await expect(weak).not.toContainText('Not met');
    await expect(passwordBox).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The open account menu sits in the top bar's landmark, beside its button: axe finds nothing
    // with it open, and Escape gives focus back to the button.
    const accountButton = page.getByRole('button', { name: /Account menu/ });
    await accountButton.click();
    await expect(page.getByRole('banner').getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page, 'the open account menu');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(accountButton).toBeFocused();

    // Signed in, the sign-up and reset forms give way: no second account, no recovery mail.
    await page.goto('/signup/vendor');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are signed in');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectNoAxeViolations(page, '/signup/vendor while signed in');
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Change your password on your profile',
    );
    await page.goto('/signup/affiliate');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Logout from the account menu; guarded pages then send the visitor to the login.
    await logout(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);

    // An empty login says what is missing next to each field and focuses the first one.
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();

    // A wrong password shows the provider's message where it arises, in an error card (an alert,
    // which takes the focus) with a hint and a way to reset the password.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong#Pass2026');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const failure = page.getByRole('alert', { name: 'Could not log in' });
    await expect(failure).toContainText('Invalid login credentials');
    await expect(failure).toBeFocused();
    await expect(failure).toContainText('Check the email address and the password');
    await expect(failure.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await expectNoAxeViolations(page, '/login with an error');

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByLabel('Remember me for 30 days').check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

    // The session survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Rowan Ash');

    // Profile checks show in words next to their field (not "profile.name must …"), every field
    // to fix at once, and the focus goes to the first of them; nothing is saved until they pass.
    const profileName = page.getByRole('textbox', { name: 'Name', exact: true });
    const handle = page.getByRole('textbox', { name: 'Username' });
    const save = page.getByRole('button', { name: 'Save profile' });
    const usernameRule = 'Username must be 3–32 lower-case letters, digits, underscores or hyphens';
    await profileName.fill('');
    await handle.fill('A b');
    await save.press('Enter');
    await expect(profileName).toHaveAccessibleDescription(/Name must not be empty/);
    await expect(handle).toHaveAccessibleDescription(new RegExp(usernameRule));
    await expect(profileName).toHaveAttribute('aria-invalid', 'true');
    await expect(handle).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/profile\.\w+ must/)).toHaveCount(0);
    await expect(profileName).toBeFocused();
    await expectNoAxeViolations(page, '/profile with two field errors');
    // The name fixed: its message goes, the username's stays, and the next save goes to it.
    await profileName.fill('Rowan Ash');
    await expect(page.getByText('Name must not be empty')).toHaveCount(0);
    await save.press('Enter');
    await expect(page.getByText(usernameRule)).toBeVisible();
    await expect(page.getByText('Name must not be empty')).toHaveCount(0);
    await expect(handle).toBeFocused();
    // The message spoke of the value sent: changing the field takes it away.
    await handle.fill('rowan-ash');
    await expect(
      page.getByText('Username must be 3–32 lower-case letters, digits, underscores or hyphens'),
    ).toHaveCount(0);
    // Every account keeps a username (its link page's address): emptying it is refused there,
    // beside a name that is too long, which is first and takes the focus.
    await profileName.fill('N'.repeat(201));
    await handle.fill('');
    await save.press('Enter');
    await expect(
      page.getByText('Enter a username: your link page lives at /@username.'),
    ).toBeVisible();
    await expect(page.getByText('Name must be at most 200 characters')).toBeVisible();
    await expect(profileName).toBeFocused();
    await handle.fill('rowan-ash');
    await save.press('Enter');
    await expect(page.getByText('Name must be at most 200 characters')).toBeVisible();
    await expect(profileName).toBeFocused();
    await profileName.fill('Rowan Ash');
    await save.press('Enter');
    await expect(page.getByText('Profile saved').first()).toBeVisible();
    await expect(page.getByText('Name must be at most 200 characters')).toHaveCount(0);
  });

  test('an email that already has an account is flagged at the Email field, with a way in', async ({
    page,
  }) => {
    for (const [path, nameLabel] of [
      ['/signup/affiliate', 'Name'],
      ['/signup/vendor', 'Your name'],
    ] as const) {
      await page.goto(path);
      await page.getByLabel(nameLabel).fill('Robin Vale');
      const email = page.getByRole('textbox', { name: 'Email' });
      await email.fill('affiliate@verdant.test');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();

      const message = 'An account with this email already exists. Log in or reset your password.';
      await expect(email).toHaveAccessibleDescription(message);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText('User already registered')).toHaveCount(0);
      await expect(page.getByText('Could not create the account')).toHaveCount(0);
      const field = page.getByText('An account with this email already exists.');
      await expect(field.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      await expect(field.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
        'href',
        '/reset-password',
      );
      await expectNoAxeViolations(page, `${path} with an email already registered`);

      // Another address clears the message.
      await email.fill(uniqueEmail('taken-check'));
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText('An account with this email already exists.')).toHaveCount(0);
    }

    await page.getByRole('textbox', { name: 'Email' }).fill('affiliate@verdant.test');
    await page
      .getByText('An account with this email already exists.')
      .getByRole('link', { name: 'reset your password' })
      .click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test('a vendor signs up and continues to onboarding', async ({ page }) => {
    await page.goto('/signup/vendor');
    await page.getByLabel('Your name').fill('Ivy Moss');
    await page.getByLabel('Email').fill(uniqueEmail('vendor'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/vendor-onboarding$/);
  });

  test('sign-up checks the email once the field is left, not on the first keystroke', async ({
    page,
  }) => {
    for (const [path, name] of [
      ['/signup/affiliate', 'Name'],
      ['/signup/vendor', 'Your name'],
    ] as const) {
      await page.goto(path);
      const email = page.getByRole('textbox', { name: 'Email' });
      const invalid = page.getByText('Please enter a valid email address');
      // On its way to an address: nothing is wrong yet.
      await email.pressSequentially('tess@');
      await expect(email).toBeFocused();
      await expect(invalid).toHaveCount(0);
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      // Left unfinished: said at once.
      await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
      await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      // Fixed: the message goes as the address is finished, before the field is left.
      await email.pressSequentially('example.com');
      await expect(invalid).toHaveCount(0);
      await expect(email).not.toHaveAttribute('aria-invalid', 'true');
      // The name field's own check still waits for the field to be left.
      await expect(page.getByRole('textbox', { name })).not.toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoAxeViolations(page, '/signup/vendor with a finished address');
  });

  test('a name is at most 200 characters, and a long one wraps where it is shown', async ({
    page,
  }) => {
    await page.goto('/signup/affiliate');
    const nameBox = page.getByRole('textbox', { name: 'Name' });
    await nameBox.fill('N'.repeat(201));
    await page.getByLabel('Email').fill(uniqueEmail('long-name'));
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Refused at the field, not cut short by the database without a word.
    await expect(nameBox).toHaveAccessibleDescription('Name must be at most 200 characters');
    await expect(nameBox).toBeFocused();
    await expect(page).toHaveURL(/\/signup\/affiliate$/);
    const name = 'N'.repeat(200);
    await nameBox.fill(name);
    await expect(nameBox).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    /** Whether the page scrolls sideways (something is wider than the window). */
    const scrollsSideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dashboard');
      const welcome = page.getByRole('heading', { level: 1, name: `Welcome, ${name}` });
      await expect(welcome).toBeVisible();
      expect(await scrollsSideways(), `the dashboard at ${width} px`).toBe(false);
      const box = (await welcome.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await welcome.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      // The account menu names the account on as many lines as it takes, inside the window.
      await page.getByRole('button', { name: `Account menu for ${name}` }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      const label = menu.getByText(name, { exact: true });
      await expect(label).toBeVisible();
      const frame = (await menu.boundingBox())!;
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.width).toBeLessThanOrEqual(width);
      // Its text fits its box: nothing runs past the menu's edge.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
    }

    // The profile's name field has the same limit.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/profile');
    const profileName = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(profileName).toHaveValue(name);
    await profileName.fill(`${name}N`);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(profileName).toHaveAccessibleDescription('Name must be at most 200 characters');
    await expect(profileName).toBeFocused();
  });

  test('a forgotten password is recovered through the mail outbox', async ({ page }) => {
    const email = uniqueEmail('recover');
    await page.goto('/signup/affiliate');
    await page.getByLabel('Name').fill('Wren Holt');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logout(page);

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
    // "Send a new link" asks the auth service again for the same address and says its answer
    // where the button is: within a minute of the first mail, as on Supabase, it is refused.
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Not sent' })).toHaveText(
      /^Not sent: .*after \d+ seconds/,
    );
    expect(await mailsTo(email)).toHaveLength(1);
    // Another address: back to the form, in its Email field.
    await page.getByRole('button', { name: 'Use another email address' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    let link = '';
    await expect
      .poll(async () => {
        const [mail] = await mailsTo(email);
        link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?step=new$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

    // A weak password: its unmet rules are said once, in the rule list that describes the field,
    // which is marked invalid and takes the focus; no run-on error card, nothing changed.
    const passwordBox = page.getByRole('textbox', { name: 'New password' });
    const rules = page.getByRole('list', { name: 'Your password needs:' });
    await passwordBox.fill('password');
    await page.getByRole('button', { name: 'Save new password' }).press('Enter');
    await expect(passwordBox).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordBox).toBeFocused();
    await expect(rules.getByRole('listitem').filter({ hasText: 'Not met:' })).toHaveText([
      /An uppercase letter$/,
      /A number$/,
      /A special character/,
      /No common patterns/,
    ]);
    await expect(passwordBox).toHaveAccessibleDescription(/Not met: An uppercase letter/);
    await expect(page.getByText('Could not change it')).toHaveCount(0);
    await expect(page.getByText(/Password must /)).toHaveCount(0);
    await expect(page).toHaveURL(/\/reset-password\?step=new$/);
    await expectNoAxeViolations(page, '/reset-password?step=new with a weak password');
    await signIn({ email, password: PASSWORD });

    await passwordBox.fill('Harbor#Light2027');
    await expect(passwordBox).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await logout(page);
    await login(page, { email, password: 'Harbor#Light2027' }, /\/dashboard$/);

    // The used link opened again while signed in: no "Log in" beside a signed-in header, but who
    // is signed in, and the way on, under the page's one h1.
    await page.goto(link);
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: 'You are already signed in', level: 1 }),
    ).toBeVisible();
    await expect(
      main.getByText(
        `This link has expired or was used already — you are signed in as Wren Holt (${email}).`,
      ),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expectNoAxeViolations(page, 'a used recovery link, signed in');
    await main.getByRole('link', { name: 'Change your password' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();

    // Signed out, the same link did not sign anybody in: said under an h1, with the way to log in.
    await logout(page);
    await page.goto(link);
    await expect(
      main.getByRole('heading', { name: 'This link did not sign you in', level: 1 }),
    ).toBeVisible();
    await expect(main.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expectNoAxeViolations(page, 'a used recovery link, signed out');
  });

  test('a forgotten password is recovered with the code from the mail', async ({ page }) => {
    const account = await createAccount('recover-code', PASSWORD, {
      name: 'Juniper Vale',
      role: 'affiliate',
    });
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    // The form is replaced: the new card's heading takes the focus, so the change is announced.
    const heading = page.getByRole('heading', { name: 'Check your email', level: 1 });
    await expect(heading).toBeFocused();
    const codeBox = page.getByRole('textbox', { name: 'Code from the email' });
    const next = page.getByRole('button', { name: 'Continue with the code' });
    await expectNoAxeViolations(page, '/reset-password after sending the link');

    let code = '';
    await expect
      .poll(async () => {
        const [mail] = await mailsTo(account.email);
        code = /Or enter this code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      })
      .not.toBe('');

    // No code, then a wrong one: said at the field, which takes the focus; nobody is signed in.
    await next.click();
    await expect(codeBox).toHaveAccessibleDescription('Enter the 6-digit code from the email');
    await expect(codeBox).toBeFocused();
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await next.click();
    await expect(codeBox).toHaveAccessibleDescription(/That code is not right or has expired/);
    await expect(codeBox).toHaveAttribute('aria-invalid', 'true');
    await expect(codeBox).toBeFocused();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(heading).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/reset-password with a wrong code');

    // The right code signs in as the link would and continues to the new-password step.
    await codeBox.fill(code);
    await expect(codeBox).not.toHaveAttribute('aria-invalid', 'true');
    await next.click();
    await expect(page).toHaveURL(/\/reset-password\?step=new$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password' }).fill('Harbor#Light2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await logout(page);
    await login(page, { email: account.email, password: 'Harbor#Light2027' }, /\/dashboard$/);
  });

  test('a forgotten password of an account with two-step verification needs the mail and the authenticator', async ({
    page,
  }) => {
    const account = await createAccount('recover-mfa', PASSWORD, {
      name: 'Rowan Keys',
      role: 'affiliate',
    });
    const secret = (await verifiedAuthenticators(account))[0]!;
    await page.goto('/reset-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    let mailCode = '';
    await expect
      .poll(async () => {
        const [mail] = await mailsTo(account.email);
        mailCode = /Or enter this code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
        return mailCode;
      })
      .not.toBe('');
    await page.getByRole('textbox', { name: 'Code from the email' }).fill(mailCode);
    await page.getByRole('button', { name: 'Continue with the code' }).click();

    // The mail's code alone does not choose a password: the login's code step asks for the
    // authenticator's, with the focus on its field, and comes back to the new-password step.
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/reset-password?step=new')}`);
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(code).toBeFocused();
    await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
    await code.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/reset-password\?step=new$/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password' }).fill('Harbor#Light2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a session that did not come from a recovery mail cannot set a password at /reset-password', async ({
    page,
  }) => {
    const account = await createAccount('no-reset', PASSWORD, {
      name: 'Hazel Quill',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/reset-password?step=new');
    await expect(
      page.getByRole('heading', { name: 'Change your password on your profile', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText(/Password card, which\s+asks for your current password/),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'New password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save new password' })).toHaveCount(0);
    await expectNoAxeViolations(page, '/reset-password?step=new signed in by password');

    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const card = page.getByRole('region', { name: 'Password' });
    await expect(card.getByRole('textbox', { name: 'Current password' })).toBeVisible();
    // The password is what it was.
    await signIn(account);
  });

  test('a signed-in user changes the password on /profile: checked at each field, confirmed by the current one, and signed in throughout', async ({
    page,
  }) => {
    const oldPassword = 'Willow#Stream2026';
    const newPassword = 'Cedar+Ridge2027';
    const account = await createAccount('password-change', oldPassword, {
      name: 'Alder Finch',
      role: 'affiliate',
    });
    /** The auth API's answer to signing in with `password`, outside any page. */
    const signInStatus = async (password: string) =>
      (
        await fetch(new URL('/auth/v1/token?grant_type=password', stack.apiUrl), {
          method: 'POST',
          headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: account.email, password }),
        })
      ).status;

    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Password' });
    const current = card.getByRole('textbox', { name: 'Current password' });
    const next = card.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = card.getByRole('textbox', { name: 'Confirm new password' });
    const change = card.getByRole('button', { name: 'Change password' });

    // An empty form submitted by keyboard: each field says what it needs; the focus goes to the first.
    await change.press('Enter');
    await expect(current).toHaveAccessibleDescription('Enter your current password');
    await expect(next).toHaveAccessibleDescription(/^Enter a new password/);
    await expect(confirm).toHaveAccessibleDescription('Enter the new password again');
    await expect(current).toBeFocused();
    await expectNoAxeViolations(page, '/profile with an empty password form submitted');

    // The new password states the validator's rules live, with the strength meter; a confirmation
    // that differs is said at its field.
    const rules = card.getByRole('list', { name: 'Your password needs:' });
    await next.fill('Password1!');
    await expect(card.getByRole('meter', { name: 'Password strength' })).toBeVisible();
    await expect(rules.getByRole('listitem').filter({ hasText: 'Not met:' })).toHaveText([
      /No common patterns/,
    ]);
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await next.fill(newPassword);
    await expect(rules.getByRole('listitem').filter({ hasText: 'Not met:' })).toHaveCount(0);
    await expect(next).not.toHaveAttribute('aria-invalid', 'true');
    await confirm.fill(`${newPassword}x`);
    await expect(confirm).toHaveAccessibleDescription('The passwords do not match');
    await confirm.fill(newPassword);
    await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');

    // A wrong current password is said at that field, which takes the focus; nothing changes.
    await current.fill('Wrong#Guess2026');
    await change.click();
    await expect(current).toHaveAccessibleDescription('That is not your current password');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();
    await expect(page.getByText('Password changed')).toHaveCount(0);
    await expectNoAxeViolations(page, '/profile with a wrong current password');
    expect(await signInStatus(oldPassword)).toBe(200);
    expect(await signInStatus(newPassword)).toBe(400);

    // The right one: changed, said so, the form emptied, and the user still signed in.
    await current.fill(oldPassword);
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');
    await change.click();
    await expect(page.getByText('Password changed').first()).toBeVisible();
    for (const field of [current, next, confirm]) await expect(field).toHaveValue('');
    await expect(card.getByText(/^Enter /)).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
      'Alder Finch',
    );
    expect(await signInStatus(oldPassword)).toBe(400);
    await signIn({ email: account.email, password: newPassword });

    // A fresh login: the old password is refused, the new one signs in.
    await logout(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(oldPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await login(page, { email: account.email, password: newPassword }, /\/dashboard$/, {
      stay: true,
    });
  });

  test('two-step verification: enrol with the QR code, step up at login, remove it', async ({
    page,
  }) => {
    const email = uniqueEmail('mfa');
    await page.goto('/signup/affiliate');
    await page.getByLabel('Name').fill('Sage Lin');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    // The picture itself draws (not only its alternative text).
    await expect
      .poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    const key = (await page.getByText('Cannot scan? Enter this key:').textContent()) ?? '';
    const secret = key.replace('Cannot scan? Enter this key:', '').trim();
    const enrolCode = generateSync({ secret });
    await page.getByLabel('Code from the app').fill(enrolCode);
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByText('Two-step verification is on').first()).toBeVisible();

    await logout(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Could not verify')).toBeVisible();
    // Said in words for people, not as the auth server's "Invalid TOTP code entered".
    await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
    await expect(page.getByText('Invalid TOTP code entered')).toHaveCount(0);
    // The code that turned the app on moments ago, still on its screen: refused, as each code
    // works once, and said to be a used code, not a wrong one.
    await page.getByLabel('Authentication code').fill(enrolCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText(
        'That code was just used. Wait for your authenticator app to show the next code, then enter it.',
      ),
    ).toBeVisible();
    await expect(page.getByText('That code is not right.', { exact: false })).toHaveCount(0);
    // Each code works once: the next step's code (accepted within ±1 step) signs in.
    const next = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    // Entered as authenticator apps show it, in two groups: the space is dropped, no digit lost.
    const code = page.getByLabel('Authentication code');
    await code.fill(`${next.slice(0, 3)} ${next.slice(3)}`);
    await expect(code).toHaveValue(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The session passed the code step, so changing the password needs no code, and the session
    // keeps its level: removing the authenticator (which needs that level) still works after.
    await page.goto('/profile');
    const passwordCard = page.getByRole('region', { name: 'Password' });
    await passwordCard.getByRole('textbox', { name: 'Current password' }).fill(PASSWORD);
    await passwordCard
      .getByRole('textbox', { name: 'New password', exact: true })
      .fill('Harbor#Light2027');
    await passwordCard
      .getByRole('textbox', { name: 'Confirm new password' })
      .fill('Harbor#Light2027');
    await expect(passwordCard.getByLabel('Code from your authenticator app')).toHaveCount(0);
    await passwordCard.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed').first()).toBeVisible();

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
    await expect(page.getByText('Authenticator removed').first()).toBeVisible();
  });

  test('two-step verification cannot be skipped: a password-only session is not signed in', async ({
    page,
  }) => {
    // An affiliate with a verified authenticator, set up through the auth API.
    const account = await createAccount('mfa-skip', PASSWORD, {
      name: 'Quinn Step',
      role: 'affiliate',
    });
    const secret = (await verifiedAuthenticators(account))[0]!;

    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const codeStep = page.getByRole('heading', { name: 'Two-step verification' });
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await expect(codeStep).toBeVisible();
    // The code step has the focus on its field, not on the page body.
    await expect(code).toBeFocused();

    // Typed into the address bar at the code step: every signed-in page sends the session back
    // to the code step (after the reload too), keeping where it was going.
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const path of ['/profile', '/my-links', '/affiliate-hub', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
      await expect(codeStep).toBeVisible();
      await expect(code).toBeFocused();
      await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toHaveCount(0);
      // Signed out as far as the shell is concerned: no affiliate navigation, no account menu.
      await expect(nav.getByRole('link', { name: 'Shop' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Account menu/ })).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'the resumed code step');

    // The code finishes the sign-in, and the page it was going to opens.
    await code.fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();

    // Another password-only sign-in, abandoned with "Use another account": that session ends.
    await logout(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(code).toBeFocused();
    await page.getByRole('button', { name: 'Use another account' }).click();
    await expect(page.getByRole('heading', { name: 'Log in to Verdant' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login?next=%2Fdashboard');
    await expect(page.getByRole('heading', { name: 'Log in to Verdant' })).toBeVisible();
    await expect(codeStep).toHaveCount(0);
  });

  test('guards: role redirects of spec §2 and the access-denied card', async ({ page }) => {
    await login(page, demoAccount('merchant@verdant.test'), /\/dashboard-vendor$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard-vendor$/);
    await page.goto('/dashboard-affiliate');
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/affiliate-links');
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(
      page.getByText('Access denied. This feature requires one of the following roles: affiliate'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'access denied');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});
