import {
  asService,
  demoAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  login,
  signIn,
  stack,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

// The seeded affiliate (affiliate@verdant.test) has this username.
const USERNAME = 'jordan-rivers';
const PASSWORD = 'Canopy#Trail2026';

/** A profile as the service role reads it. */
async function profileByName(
  name: string,
): Promise<{ id: string; username: string; invited_by: string | null }> {
  const url = new URL('/rest/v1/profiles', stack.apiUrl);
  url.searchParams.set('select', 'id,username,invited_by');
  url.searchParams.set('name', `eq.${name}`);
  const response = await fetch(url, { headers: asService() });
  const [profile] = (await response.json()) as {
    id: string;
    username: string;
    invited_by: string | null;
  }[];
  if (!profile) throw new Error(`no profile named ${name}`);
  return profile;
}

test.describe('creator invitations', () => {
  test('an affiliate shares a personal link, a creator signs up through it, and /recruit lists them', async ({
    page,
    browser,
    context,
  }) => {
    const affiliate = demoAccount('affiliate@verdant.test');
    await login(page, affiliate, /\/dashboard$/);
    await page.goto('/recruit');
    await expect(page.getByRole('heading', { level: 1, name: 'Invite creators' })).toBeVisible();

    // The personal link carries the affiliate's username; the message and the copy button use it.
    const personal = `${stack.webUrl}/signup/affiliate?ref=${USERNAME}`;
    const linkField = page.getByRole('textbox', { name: 'Your personal invitation link' });
    await expect(linkField).toHaveValue(personal);
    await expect(page.getByText(`Join here: ${personal}`)).toBeVisible();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.webUrl,
    });
    await page.getByRole('button', { name: 'Copy sign-up link' }).click();
    await expect(page.getByText('Copied to clipboard').first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(personal);

    const invitees = page.getByRole('region', { name: 'Creators who joined through you' });
    await expect(invitees).toBeVisible();
    await expectNoAxeViolations(page, '/recruit');

    // A new visitor follows the link: the page says who invited them, and they sign up.
    const visitor = await browser.newContext({ baseURL: stack.webUrl });
    const newcomer = await visitor.newPage();
    await newcomer.goto(await linkField.inputValue());
    await expect(newcomer.getByRole('heading', { level: 1 })).toHaveText('Sign up as an affiliate');
    await expect(newcomer.getByText(`Invited by @${USERNAME}`)).toBeVisible();
    await expectNoAxeViolations(newcomer, '/signup/affiliate?ref=… with the invitation line');

    const name = `Fern Invitee ${Date.now().toString(36)}`;
    await newcomer.getByLabel('Name').fill(name);
    await newcomer.getByLabel('Email').fill(uniqueEmail('invitee'));
    await newcomer.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await newcomer.getByRole('button', { name: 'Create account' }).click();
    await expect(newcomer).toHaveURL(/\/dashboard$/);

    const { userId } = await signIn(affiliate);
    const created = await profileByName(name);
    expect(created.invited_by).toBe(userId);

    // The inviting affiliate sees the new creator, newest first.
    await page.reload();
    const table = page.getByRole('table', { name: 'Creators who joined through you' });
    await expect(table).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`@${created.username}`);
    await expect(row).toContainText('Creator');
    await expect(
      row.getByRole('cell').filter({
        hasText: new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date()),
      }),
    ).toHaveCount(1);
    await expect(table.getByRole('row').nth(1)).toContainText(name);
    // A brand-new creator has no published page yet: no link to a page that is not there.
    await expect(row.getByRole('link')).toHaveCount(0);
    await expect(invitees.getByText(/^\d+ creators?$/)).toBeVisible();
    await expectTableFits(table, '/recruit invitees');
    await expectNoAxeViolations(page, '/recruit with an invitee');
    await visitor.close();
  });

  test('the first step passes the invitation on; an unknown ref is ignored', async ({ page }) => {
    await page.goto(`/signup?ref=${USERNAME}`);
    await expect(page.getByText(`Invited by @${USERNAME}`)).toBeVisible();
    await expectNoAxeViolations(page, '/signup?ref=…');
    await page.getByRole('link', { name: 'Sign up as a vendor' }).click();
    await expect(page).toHaveURL(new RegExp(`/signup/vendor\\?ref=${USERNAME}$`));
    await expect(page.getByText(`Invited by @${USERNAME}`)).toBeVisible();

    // An unknown username is looked up and not found; a malformed one is not even looked up.
    const lookup = page.waitForResponse(
      (response) =>
        response.url().includes('/rest/v1/public_profiles') &&
        response.url().includes('nobody-by-this-name'),
    );
    await page.goto('/signup/affiliate?ref=nobody-by-this-name');
    expect((await lookup).status()).toBe(200);
    for (const ref of ['nobody-by-this-name', '%3Cscript%3E', 'x']) {
      if (ref !== 'nobody-by-this-name') await page.goto(`/signup/affiliate?ref=${ref}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign up as an affiliate');
      await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled();
      await expect(page.getByText(/Invited by/)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
  });
});
