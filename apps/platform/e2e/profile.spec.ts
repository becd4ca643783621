import type { Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import {
  createAccount,
  expect,
  expectNoAxeViolations,
  asService,
  login,
  logout,
  payByCard,
  verifiedAuthenticators,
  stack,
  test,
  closeWithEscape,
} from './support/fixtures.ts';

const PASSWORD = 'Lichen#Path2026';

/** The date as the app writes it ("Nov 29, 2026"), in the browser's time zone, which is ours. */
const appDate = (iso: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

/** Turns on two-step verification on /profile as a person does (the key typed, not scanned). */
async function turnOnTwoStep(page: Page): Promise<Locator> {
  const card = page.getByRole('region', { name: 'Two-step verification' });
  await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const key = (await card.getByText('Cannot scan? Enter this key:').textContent()) ?? '';
  const secret = key.replace('Cannot scan? Enter this key:', '').trim();
  await card.getByRole('textbox', { name: 'Code from the app' }).fill(generateSync({ secret }));
  await card.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText('Two-step verification is on').first()).toBeVisible();
  return card;
}

/** How a button is painted: its background (colour and any gradient) and its text colour. */
function buttonColours(button: Locator): Promise<string[]> {
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundColor, style.backgroundImage, style.color];
  });
}

/** Publishes a link page for `ownerId` (as the service role), as /my-links does. */
async function publishLinkPage(ownerId: string): Promise<void> {
  const response = await fetch(new URL('/rest/v1/link_pages', stack.apiUrl), {
    method: 'POST',
    headers: asService({ 'content-type': 'application/json', prefer: 'return=minimal' }),
    body: JSON.stringify({ owner_id: ownerId, title: 'My picks', is_published: true }),
  });
  expect(response.status).toBe(201);
}

/** A user's profile picture as the database has it, read as the service role. */
async function storedPicture(userId: string): Promise<string | null> {
  const response = await fetch(
    new URL(`/rest/v1/profiles?select=profile_image&id=eq.${userId}`, stack.apiUrl),
    { headers: asService() },
  );
  const [row] = (await response.json()) as { profile_image: string | null }[];
  if (!row) throw new Error(`no profile ${userId}`);
  return row.profile_image;
}

/** The files in a user's folder of the avatars bucket, read as the service role. */
async function storedAvatarFiles(userId: string): Promise<string[]> {
  const response = await fetch(new URL('/storage/v1/object/list/avatars', stack.apiUrl), {
    method: 'POST',
    headers: asService({ 'content-type': 'application/json' }),
    body: JSON.stringify({ prefix: userId, limit: 100 }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((file) => file.name);
}

/** A 1×1 PNG: the smallest picture the avatar upload accepts. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// A keyboard walk of /profile: whenever a button is replaced by something else (a form, a
// status, another button) or a dialog closes, the focus lands on what took its place, never on
// the page body.
test.describe('/profile by keyboard', () => {
  test('two-step verification: set up, turn on, cancel and confirm removal keep the focus', async ({
    page,
  }) => {
    const account = await createAccount('profile-mfa', PASSWORD, {
      name: 'Iris Keyboard',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Two-step verification' });
    const heading = card.getByRole('heading', { name: 'Two-step verification' });
    const setUp = card.getByRole('button', { name: 'Set up an authenticator app' });
    await expect(heading).toHaveAccessibleDescription('Off');

    // The plan card's last action, then Tab: the heading is not a tab stop, the button is.
    await page
      .getByRole('region', { name: 'Plan' })
      .getByRole('link', { name: 'See plans' })
      .focus();
    await page.keyboard.press('Tab');
    await expect(setUp).toBeFocused();
    await page.keyboard.press('Enter');

    // The enrolment form replaces the button: its heading has the focus and the form is in view
    // at 1280×800, from the QR code to its buttons.
    const form = card.getByRole('form', { name: 'Add your authenticator app' });
    await expect(form.getByRole('heading', { name: 'Add your authenticator app' })).toBeFocused();
    const qr = form.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeInViewport();
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeInViewport();
    await expectNoAxeViolations(page, 'the two-step enrolment form');

    // Cancel puts the focus back on the set-up button.
    await page.keyboard.press('Tab');
    await expect(form.getByRole('textbox', { name: 'Code from the app' })).toBeFocused();
    await page.keyboard.press('Tab'); // "Verify and turn on" is disabled until six digits
    await expect(form.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);
    await expect(setUp).toBeFocused();

    // Again, then a code from the key, typed, and "Verify and turn on" by keyboard.
    await page.keyboard.press('Enter');
    await expect(form.getByRole('heading', { name: 'Add your authenticator app' })).toBeFocused();
    const key = (await form.getByText('Cannot scan? Enter this key:').textContent()) ?? '';
    const secret = key.replace('Cannot scan? Enter this key:', '').trim();
    await page.keyboard.press('Tab');
    // A wrong code is refused at its field, which takes the focus back.
    const codeField = form.getByRole('textbox', { name: 'Code from the app' });
    const right = generateSync({ secret });
    await page.keyboard.type(right === '000000' ? '111111' : '000000');
    await page.keyboard.press('Tab');
    const verify = form.getByRole('button', { name: 'Verify and turn on' });
    await expect(verify).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'a wrong authenticator code');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(generateSync({ secret }));
    await expect(codeField).not.toHaveAttribute('aria-invalid', 'true');
    await page.keyboard.press('Tab');
    await expect(verify).toBeFocused();
    await page.keyboard.press('Enter');

    // On: the card's heading has the focus, and says so.
    await expect(page.getByText('Two-step verification is on').first()).toBeVisible();
    await expect(form).toHaveCount(0);
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAccessibleDescription('On');
    await expect(heading).toBeInViewport();
    await expectNoAxeViolations(page, 'two-step verification turned on');

    // Remove, then Escape: back on Remove.
    const remove = card.getByRole('button', { name: 'Remove' });
    const dialog = page.getByRole('alertdialog', { name: 'Remove the authenticator?' });
    await page.keyboard.press('Tab');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await closeWithEscape(page, dialog);
    await expect(remove).toBeFocused();

    // Remove, then Cancel: back on Remove.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();

    // Remove, confirmed: the set-up button takes its place and the focus.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Authenticator removed').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(remove).toHaveCount(0);
    await expect(setUp).toBeFocused();
    await expect(heading).toHaveAccessibleDescription('Off');
  });

  test('the profile picture keeps the focus through an upload and a refusal', async ({ page }) => {
    const account = await createAccount('profile-avatar', PASSWORD, {
      name: 'Ash Keyboard',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const picture = page.getByLabel('Profile picture');
    await expect(picture).toBeEnabled();

    // The input is disabled while it uploads; afterwards the focus is back on it.
    await picture.focus();
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.getByText('Profile picture updated').first()).toBeVisible();
    await expect(picture).toBeEnabled();
    await expect(picture).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();

    // Too large: the message that says so has the focus.
    await picture.focus();
    await picture.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, PIXEL_PNG),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeFocused();
    await expect(page.getByText('The picture must be at most 2 MB.')).toBeVisible();
    // A text file renamed to .png is not taken for a picture: its bytes are checked.
    await picture.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are notes, not a picture.'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toBeFocused();
    await expect(page.getByText(/^This file is not a picture we can read/)).toBeVisible();

    // Sign-in methods: only what the auth server enables is offered (locally, email only).
    await expect(page.getByText('Email and password', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/nothing else to link/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Link a / })).toHaveCount(0);
  });

  test('plan: ending it puts the focus on Keep, keeping it on the first action', async ({
    page,
  }) => {
    const account = await createAccount('profile-plan', PASSWORD, {
      name: 'Rue Keyboard',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Subscribe to Affiliate Pro' }).click();
    await payByCard(page, {
      card: '4242 4242 4242 4242',
      name: 'Rue Keyboard',
      submit: 'Subscribe',
    });
    await expect(page).toHaveURL(/\/payment-success\?subscription=pro$/);

    await page.goto('/profile');
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByText(/^Renews on /)).toBeVisible();
    const end = plan.getByRole('button', { name: 'End plan' });
    const keep = plan.getByRole('button', { name: 'Keep Affiliate Pro' });

    // "Renews on" can show from the session's copy of the plan before the subscription itself
    // has loaded; End plan comes with the subscription.
    await expect(end).toBeVisible();
    // Cancelling the dialog returns to End plan (its trigger).
    await plan.getByRole('button', { name: 'Manage subscription' }).focus();
    await page.keyboard.press('Tab');
    await expect(end).toBeFocused();
    await page.keyboard.press('Enter');
    const endDialog = page.getByRole('alertdialog', { name: 'End Affiliate Pro?' });
    await expect(endDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await closeWithEscape(page, endDialog);
    await expect(end).toBeFocused();

    // Ended: End plan is gone, Keep takes the lead and the focus.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(endDialog.getByRole('button', { name: 'End Affiliate Pro' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Affiliate Pro will end').first()).toBeVisible();
    await expect(end).toHaveCount(0);
    await expect(keep).toBeFocused();

    // Kept: Keep is gone, and the plan's first action (Change plan) has the focus.
    await page.keyboard.press('Enter');
    const keepDialog = page.getByRole('alertdialog', { name: 'Keep Affiliate Pro?' });
    await page.keyboard.press('Tab');
    await expect(keepDialog.getByRole('button', { name: 'Keep Affiliate Pro' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('You are on Affiliate Pro').first()).toBeVisible();
    await expect(keep).toHaveCount(0);
    await expect(plan.getByRole('link', { name: 'Change plan' })).toBeFocused();
    await expect(end).toBeVisible();
  });
});

test.describe('/profile copy', () => {
  test('the plan card says what the free plan has and what unlocks more, by role', async ({
    page,
  }) => {
    const merchant = await createAccount('profile-free-merchant', PASSWORD, {
      name: 'Mara Free',
      role: 'merchant',
    });
    await login(page, merchant, /\/dashboard-vendor$/);
    await page.goto('/profile');
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByText('Free plan', { exact: true })).toBeVisible();
    await expect(
      plan.getByText(
        'No subscription: one affiliate program and up to 25 products. Merchant Growth unlocks unlimited affiliate programs and products.',
      ),
    ).toBeVisible();
    // Nothing of the affiliate plans (links, storefronts) is promised to a merchant.
    await expect(plan.getByText(/storefronts|links/)).toHaveCount(0);
    await expect(plan.getByRole('link', { name: 'See plans' })).toBeVisible();

    const affiliate = await createAccount('profile-free-affiliate', PASSWORD, {
      name: 'Ari Free',
      role: 'affiliate',
    });
    await logout(page);
    await login(page, affiliate, /\/dashboard$/, { stay: true });
    await page.goto('/profile');
    await expect(
      plan.getByText(
        'No subscription: one storefront and up to 10 tracked links. Affiliate Pro unlocks unlimited storefronts and tracked links.',
      ),
    ).toBeVisible();
  });

  test("removing the authenticator: the auth server's refusal is said in words", async ({
    page,
  }) => {
    const account = await createAccount('profile-mfa-refused', PASSWORD, {
      name: 'Rey Refused',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const card = await turnOnTwoStep(page);

    // The auth server refuses the removal as it refuses a session that has not passed two-step
    // verification (aal1): its own words are for developers.
    await page.route('**/auth/v1/factors/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 422,
              error_code: 'insufficient_aal',
              msg: 'AAL2 required to unenroll verified factor',
            }),
          })
        : route.continue(),
    );
    const trigger = card.getByRole('button', { name: 'Remove' });
    // Read before the dialog hides the rest of the page from the accessibility tree.
    const danger = await buttonColours(trigger);
    await trigger.click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the authenticator?' });
    const confirm = dialog.getByRole('button', { name: 'Remove' });
    // Removing is said in the danger colours of the Remove button that opened the dialog (as
    // "End plan" and its confirmation are), not as the green main action.
    await page.mouse.move(0, 0);
    await expect.poll(() => buttonColours(confirm)).toEqual(danger);
    await confirm.click();
    await expect(
      dialog.getByText(
        'Enter a code from your authenticator first: sign out and sign in again with your code.',
      ),
    ).toBeVisible();
    await expect(page.getByText('AAL2 required to unenroll verified factor')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the removal refused');
  });
});

test.describe('/profile, told in words', () => {
  test('an authenticator is named and dated as people write them, numbered when there are several', async ({
    page,
  }) => {
    const account = await createAccount('profile-mfa-name', PASSWORD, {
      name: 'Noa Named',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const card = await turnOnTwoStep(page);
    // One app: no number, no machine-made name, and the date as the rest of the app writes it.
    const today = appDate(new Date().toISOString());
    await expect(
      card.getByText(`Authenticator app · added ${today}`, { exact: true }),
    ).toBeVisible();
    await expect(card.getByText(/Authenticator [a-z0-9]{6,}/)).toHaveCount(0);
    await expect(
      card.getByRole('button', { name: 'Remove Authenticator app', exact: true }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'an authenticator listed by its name');

    // Another account with two apps (set up through the auth API, the second at aal2): each is
    // told apart by its number, in the order they were added, and so is its Remove button.
    const other = await createAccount('profile-mfa-two', PASSWORD, {
      name: 'Tal Two',
      role: 'affiliate',
    });
    const secrets = await verifiedAuthenticators(other, [
      'Authenticator first',
      'Authenticator second',
    ]);
    await logout(page);
    await login(page, other, /\/login/, { stay: true });
    // The code step asks for the first app's code: the next step's, as this one's was used.
    await page
      .getByRole('textbox', { name: 'Authentication code' })
      .fill(generateSync({ secret: secrets[0]!, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(
      card.getByText(`Authenticator app 1 · added ${today}`, { exact: true }),
    ).toBeVisible();
    await expect(
      card.getByText(`Authenticator app 2 · added ${today}`, { exact: true }),
    ).toBeVisible();
    await expect(
      card.getByRole('button', { name: 'Remove Authenticator app 2', exact: true }),
    ).toBeVisible();
  });

  test('markup in the name or bio is removed, and the page says so and shows what was kept', async ({
    page,
  }) => {
    const account = await createAccount('profile-markup', PASSWORD, {
      name: 'Mo Markup',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const bio = page.getByRole('textbox', { name: 'Bio' });
    await bio.fill('Refills and <b>repairs</b> <img src=x onerror=alert(1)>');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page
        .getByText(
          'Your name and bio are plain text: markup such as <b> was removed from what you typed.',
        )
        .first(),
    ).toBeVisible();
    await expect(bio).toHaveValue('Refills and repairs');
    await expectNoAxeViolations(page, 'profile saved without its markup');
  });

  test('a username someone else has is refused at its field, in a sentence', async ({ page }) => {
    const account = await createAccount('profile-taken', PASSWORD, {
      name: 'Kit Taken',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).not.toHaveValue('');
    const before = await username.inputValue();
    // The seed's second affiliate has this one.
    await username.fill('sam-outdoors');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    // After the field's help, the refusal in the page's words (as the storefront's address says
    // it), not Postgres's "duplicate key value violates unique constraint".
    await expect(username).toHaveAccessibleDescription(
      /That username is taken\. Choose another\.$/,
    );
    await expect(page.getByText('username is taken', { exact: true })).toHaveCount(0);
    await expect(page.getByText(/duplicate key/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'a taken username');
    // Changed, the message goes; nothing was saved.
    await username.fill(before);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    const response = await fetch(
      new URL(`/rest/v1/profiles?select=username&id=eq.${account.id}`, stack.apiUrl),
      { headers: asService() },
    );
    expect(await response.json()).toEqual([{ username: before }]);
  });

  test('sign-in methods: a long address wraps inside the card and the Linked badge stays in view', async ({
    page,
  }) => {
    const account = await createAccount('profile-sign-in-methods-with-a-long-address', PASSWORD, {
      name: 'Lee Long',
      role: 'affiliate',
    });
    expect(account.email.length).toBeGreaterThan(60);
    await login(page, account, /\/dashboard$/);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/profile');
      const heading = page.getByRole('heading', { name: 'Sign-in methods' });
      const method = page.getByText(`Email and password · ${account.email}`, { exact: true });
      const linked = page.getByText('Linked', { exact: true });
      await expect(method).toBeVisible();
      await linked.scrollIntoViewIfNeeded();
      await expect(linked).toBeInViewport();
      // The address wraps within its line; the badge ends where the card's heading does.
      expect(await method.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const card = (await heading.boundingBox())!;
      const badge = (await linked.boundingBox())!;
      const text = (await method.boundingBox())!;
      expect(badge.x + badge.width, `the badge at ${width} px`).toBeLessThanOrEqual(
        card.x + card.width + 0.5,
      );
      expect(text.x + text.width).toBeLessThanOrEqual(badge.x);
    }
  });

  test('the username field says what is wrong as it is typed, and where the link page is', async ({
    page,
  }) => {
    const account = await createAccount('profile-username-checks', PASSWORD, {
      name: 'Uma Name',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const username = page.getByRole('textbox', { name: 'Username' });
    await expect(username).not.toHaveValue('');
    const before = await username.inputValue();
    const main = page.getByRole('main');

    // No published link page yet: /@name is not a page, and the field says so, with the way there.
    await expect(username).toHaveAccessibleDescription(
      `3–32 lower-case letters, digits, _ or -. Your link page is not published yet: publish it on Link-in-bio page and it will be at /@${before}.`,
    );
    await expect(main.getByRole('link', { name: 'Link-in-bio page' })).toHaveAttribute(
      'href',
      '/my-links',
    );
    await expect(page.getByText(/Your link page is \/@/)).toHaveCount(0);
    // A new name moves no page that is not there: no warning, the address it will have.
    const stamp = Date.now().toString(36);
    await username.fill(`uma-${stamp}`);
    await expect(username).toHaveAccessibleDescription(/it will be at \/@uma-[a-z0-9]+\.$/);
    await expect(page.getByText(/Your page moves to/)).toHaveCount(0);

    // A reserved name is said once the field is left, without a save, and follows the typing.
    await username.fill('admin');
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await username.press('Tab');
    await expect(username).toHaveAccessibleDescription(
      /That username is reserved\. Choose another\.$/,
    );
    await username.fill('ab');
    await expect(username).toHaveAccessibleDescription(
      /Username must be 3–32 lower-case letters, digits, underscores or hyphens$/,
    );
    await username.fill('verdant-team');
    await expect(username).toHaveAccessibleDescription(/That username is reserved/);
    await expectNoAxeViolations(page, 'a reserved username');

    // Saved without the spaces around it, and the field shows the name as saved.
    const spaced = `spaced-${stamp}`;
    await username.fill(`  ${spaced}  `);
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved').first()).toBeVisible();
    await expect(username).toHaveValue(spaced);

    // Published (on /my-links), the page is at /@name, and moving it is warned of, but only for
    // a name that could be saved: not beside "reserved" or "taken".
    await publishLinkPage(account.id);
    await page.reload();
    await expect(username).toHaveAccessibleDescription(
      `3–32 lower-case letters, digits, _ or -. Your link page is /@${spaced}.`,
    );
    const moved = `moved-${stamp}`;
    await username.fill(moved);
    await expect(username).toHaveAccessibleDescription(
      `Your page moves to /@${moved}: links to /@${spaced} stop working.`,
    );
    await username.fill('support');
    await expect(page.getByText(/Your page moves to/)).toHaveCount(0);
    await username.press('Tab');
    await expect(username).toHaveAccessibleDescription(/That username is reserved/);
    // The seed's second affiliate has this one: refused by the database on save.
    await username.fill('sam-outdoors');
    await expect(username).toHaveAccessibleDescription(/Your page moves to \/@sam-outdoors/);
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(username).toHaveAccessibleDescription(
      /That username is taken\. Choose another\.$/,
    );
    await expect(page.getByText(/Your page moves to/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'a taken username of a published page');
  });

  test('a file that only starts like a PNG is refused before anything is uploaded', async ({
    page,
  }) => {
    const account = await createAccount('profile-broken-png', PASSWORD, {
      name: 'Bo Broken',
      role: 'affiliate',
    });
    await login(page, account, /\/dashboard$/);
    await page.goto('/profile');
    const picture = page.getByLabel('Profile picture');
    await expect(picture).toBeEnabled();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/storage/v1/object/avatars')) uploads.push(request.url());
    });
    // The eight bytes of PNG's signature and nothing after: the first bytes say PNG, but no
    // browser can draw it.
    await picture.setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    const refusal = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(refusal).toBeFocused();
    await expect(refusal).toContainText(
      'This file is not a picture we can read. Choose a PNG, JPEG, WebP or GIF image.',
    );
    await expect(page.getByText('Profile picture updated')).toHaveCount(0);
    await expect(picture).toBeEnabled();
    await expectNoAxeViolations(page, 'an unreadable picture refused');
    expect(uploads).toEqual([]);
    expect(await storedPicture(account.id)).toBeNull();
    expect(await storedAvatarFiles(account.id)).toEqual([]);

    // A real picture still goes through, and takes the refusal away.
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.getByText('Profile picture updated').first()).toBeVisible();
    await expect(refusal).toHaveCount(0);
    await expect.poll(() => storedPicture(account.id)).toMatch(/\/avatars\//);
  });
});
