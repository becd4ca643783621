import {
  asService,
  asUser,
  createAccount,
  demoAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  login,
  saleCommission,
  signIn,
  insertProduct,
  insertRows,
  longCompanyMerchant,
  stack,
  test,
  refuseWithCheck,
  expectTabsFit,
  closeWithEscape,
} from './support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { visit } from './spa.ts';

const merchant = demoAccount('merchant@verdant.test');
const affiliate = demoAccount('affiliate@verdant.test');

/** A PNG of one pixel, for the image upload. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The id of one of `merchantId`'s programs (`filter`: further PostgREST conditions). */
async function programOf(merchantId: string, filter = ''): Promise<string> {
  const res = await fetch(
    new URL(
      `/rest/v1/affiliate_programs?select=id&merchant_id=eq.${merchantId}${filter}&limit=1`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  const [program] = (await res.json()) as { id: string }[];
  expect(program, `a program of merchant ${merchantId}`).toBeTruthy();
  return program!.id;
}

/** A new affiliate account named `name`, already an approved member of `programId`. */
async function approvedMember(programId: string, name: string) {
  const member = await createAccount('ivy', 'Moss+Creator26', { name, role: 'affiliate' });
  await insertRows('program_memberships', {
    program_id: programId,
    affiliate_id: member.id,
    status: 'approved',
  });
  return member;
}

test('the merchant dashboard shows attributed sales, commissions and the funnel for 7, 30 and 90 days', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant dashboard' })).toBeVisible();
  // The merchant one-sheet is a page of the one-sheets app on the same site.
  await expect(page.getByRole('link', { name: 'Merchant one-sheet' })).toHaveAttribute(
    'href',
    '/vendor-one-sheet',
  );
  for (const label of ['Attributed sales', 'All sales', 'Commissions owed now', 'Clicks → sales']) {
    await expect(page.locator('[data-slot="stat-card-label"]', { hasText: label })).toBeVisible();
  }
  // Each figure says what it is made of, under it.
  await expect(
    page.getByRole('group', { name: 'Attributed sales' }).getByText(/^[\d,]+ orders$/),
  ).toBeVisible();
  await expect(
    // What is owed today, whichever period is shown: it says so.
    page
      .getByRole('group', { name: 'Commissions owed now' })
      .getByText(/ pending, .+ approved, from any period$/),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Clicks → sales' }).getByText(/^[\d,]+ clicks, [\d,]+ unique$/),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Top affiliates' }).getByRole('row'),
  ).not.toHaveCount(1);
  await expectTableFits(page.getByRole('table', { name: 'Top affiliates' }), 'Top affiliates');
  for (const range of ['7 days', '90 days', '30 days']) {
    await page.getByRole('radio', { name: range }).click();
    await expect(page.getByRole('heading', { name: `Last ${range}` })).toBeVisible();
  }
  // The period is kept in the address, so a reload shows the same one.
  await page.getByRole('radio', { name: '90 days' }).click();
  await expect(page).toHaveURL(/\/dashboard-vendor\?period=90$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Last 90 days' })).toBeVisible();
});

test('a sale through an affiliate arrives on the open merchant dashboard, without a reload', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await expect(page.getByText('New sales appear here as they happen.')).toBeVisible();
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });

  // A shopper follows one of the demo affiliate's links to this merchant's product and pays.
  const [{ userId: merchantId }, { userId: affiliateId }] = await Promise.all([
    signIn(merchant),
    signIn(affiliate),
  ]);
  const rest = async (path: string, body?: unknown) => {
    const res = await fetch(new URL(path, stack.apiUrl), {
      method: body === undefined ? 'GET' : 'POST',
      headers: asService({ 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return res.json();
  };
  const memberships = (await rest(
    `/rest/v1/program_memberships?select=program_id&status=eq.approved&affiliate_id=eq.${affiliateId}`,
  )) as { program_id: string }[];
  const links = (await rest(
    `/rest/v1/affiliate_links?select=code,product_id,program_id,products!inner(merchant_id,status,stock),affiliate_programs!inner(status)&affiliate_id=eq.${affiliateId}&is_active=eq.true&products.merchant_id=eq.${merchantId}&products.status=eq.approved&affiliate_programs.status=eq.active`,
  )) as {
    code: string;
    product_id: string;
    program_id: string;
    products: { stock: number | null };
  }[];
  const link = links.find(
    (l) =>
      memberships.some((m) => m.program_id === l.program_id) &&
      (l.products.stock === null || l.products.stock > 0),
  );
  expect(link, 'a product link of the demo affiliate to this merchant').toBeDefined();
  const tracked = await fetch(`${stack.webUrl}/go/${link!.code}`, {
    redirect: 'manual',
    headers: {
      'user-agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36',
    },
  });
  expect(tracked.status).toBe(302);
  const clickId = /verdant_ref=([0-9a-f-]{36})/.exec(tracked.headers.get('set-cookie') ?? '')?.[1];
  expect(clickId).toBeDefined();
  // The tracker writes the click just after the redirect.
  await expect
    .poll(
      async () =>
        ((await rest(`/rest/v1/link_clicks?select=id&public_id=eq.${clickId}`)) as unknown[])
          .length,
    )
    .toBe(1);
  const order = (await rest('/rest/v1/rpc/create_checkout_order', {
    buyer: null,
    buyer_email: null,
    items: [{ productId: link!.product_id, quantity: 1 }],
    click_ref: clickId,
  })) as { id: string };
  await rest('/rest/v1/rpc/record_order_payment', {
    target: order.id,
    payment_intent: `pi_live_${order.id.replace(/-/g, '')}`,
    payment_fee_cents: 0,
  });
  const owed = await saleCommission(order.id);
  await expect(page.getByRole('status', { name: 'New sales' })).toContainText(
    `New attributed sale: ${owed} commission owed`,
  );
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expectNoAxeViolations(page, '/dashboard-vendor with a new sale');
});

test('program settings are validated before saving', async ({ page }) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/settings');
  const cookie = page.getByLabel(/^Cookie window \(days\)/);
  await cookie.fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter whole days from 1 to 365')).toBeVisible();
  // The focus lands on the field to fix, which names the problem.
  await expect(cookie).toBeFocused();
  await expect(cookie).toHaveAccessibleDescription(/Enter whole days from 1 to 365/);
  await cookie.fill('45');
  await page.getByLabel(/^Holding period \(days\)/).fill('21');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Program saved', { exact: true })).toBeVisible();
  await visit(page, '/vendor-affiliates');
  await visit(page, '/vendor/settings');
  await expect(page.getByLabel(/^Cookie window \(days\)/)).toHaveValue('45');
});

test('program settings: the auto-approve hint follows the switch, and unsaved edits ask before they go', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/settings');
  const program = page.getByRole('combobox', { name: 'Program' });
  const name = page.getByLabel(/^Name/);
  await expect(name).not.toHaveValue('');
  const first = await program.inputValue();
  const firstName = await name.inputValue();

  // The hint under the switch says what the switch is set to, both ways.
  const autoApprove = page.getByRole('switch', { name: 'Approve applicants automatically' });
  const hint = async () =>
    (await autoApprove.getAttribute('aria-checked')) === 'true'
      ? /^On: applicants join at once/
      : /^Off: you review every application/;
  await expect(autoApprove).toHaveAccessibleDescription(await hint());
  await autoApprove.click();
  await expect(autoApprove).toHaveAccessibleDescription(await hint());
  await autoApprove.click();
  await expect(autoApprove).toHaveAccessibleDescription(await hint());

  // An unsaved edit: choosing another program asks first; staying keeps the program and the edit.
  const edited = `${firstName} (edited)`;
  await name.fill(edited);
  const choices = await program
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  // Another program, or the New program… choice.
  const other = choices.find((value) => value !== first) ?? '';
  expect(other).not.toBe('');
  // Choosing only stages the program; Switch program asks, in the page's own dialog.
  await program.selectOption(other);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const switchButton = page.getByRole('button', { name: /^Switch program to / });
  await switchButton.click();
  const question = page.getByRole('alertdialog', { name: 'Switch to another program?' });
  await expect(question).toContainText(`Your changes to ${firstName} are not saved`);
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(program).toHaveValue(first);
  await expect(name).toHaveValue(edited);

  // A link to another page asks too, in the app's dialog; staying keeps the edit.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Affiliates' })
    .click();
  const leave = page.getByRole('alertdialog', { name: 'Leave this page?' });
  // The title asks; the text says only what is lost, without asking again.
  await expect(leave).toHaveAccessibleDescription(`Your changes to ${firstName} are not saved.`);
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(/\/vendor\/settings$/);
  await expect(name).toHaveValue(edited);
  await expectNoAxeViolations(page, '/vendor/settings with unsaved changes');

  // Confirmed, the other program opens with its own values; the edit is dropped, nothing saved.
  await program.selectOption(other);
  await switchButton.click();
  await question.getByRole('button', { name: 'Switch and discard changes' }).click();
  await expect(program).toHaveValue(other);
  await expect(name).not.toHaveValue(edited);
  await program.selectOption(first);
  await switchButton.click();
  await expect(name).toHaveValue(firstName);
});

test('a merchant approves an applicant, messages a member and sees the reply without reloading', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  const applicants = page.getByRole('table', { name: 'Applicants waiting for a decision' });
  await expectTableFits(applicants, 'Applicants');
  const approve = applicants.getByRole('button', { name: /^Approve / }).first();
  // A decision names the applicant and the program ("Approve Jordan Rivers for …"): someone who
  // applied to two programs has a row, and buttons, for each.
  const [, label = '', program = ''] =
    /^Approve (.+?) for (.+)$/.exec((await approve.getAttribute('aria-label')) ?? '') ?? [];
  expect(program, 'the program named by Approve').not.toBe('');
  const rejectApplicant = applicants.getByRole('button', {
    name: `Reject ${label} for ${program}`,
    exact: true,
  });
  // Rejecting asks first; cancelled, the applicant is still waiting.
  await rejectApplicant.click();
  const reject = page.getByRole('alertdialog', { name: `Reject ${label}?` });
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();
  await expect(rejectApplicant).toBeFocused();
  await approve.click();
  await expect(page.getByText(`${label} approved`, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: /^Members/ }).click();
  const members = page.getByRole('table', { name: 'Members and their performance, all time' });
  await expect(members.getByText(label, { exact: true })).toBeVisible();
  // At 1280 px every column shows, the actions included; members are all approved, so no status
  // column; the figures say what period they cover (all time, unlike the dashboard's days).
  await expectTableFits(members, 'Members');
  await expect(members.getByRole('columnheader')).toHaveText([
    'Affiliate',
    'Program',
    'Sales',
    'Revenue',
    'Commission',
    'Actions',
  ]);
  await expect(page.getByText(/are all-time totals of each member/)).toBeVisible();
  await expect(members.getByRole('link', { name: 'Message Jordan Rivers' })).toBeInViewport();
  await expect(members.getByRole('button', { name: 'Remove Jordan Rivers' })).toBeInViewport();

  await members.getByRole('link', { name: 'Message Jordan Rivers' }).click();
  await expect(page).toHaveURL(/\/vendor-messages\?c=/);
  const body = `Samples ship on Monday ${Date.now()}`;
  await page.getByLabel('Message to Jordan Rivers').fill(body);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('list', { name: 'Messages with Jordan Rivers' }).getByText(body),
  ).toBeVisible();
  // Sent, the focus is back in the emptied message box, not lost with the Send button.
  await expect(page.getByLabel('Message to Jordan Rivers')).toBeFocused();

  // The affiliate answers through the API; the reply shows up on the open page.
  const conversation = new URL(page.url()).searchParams.get('c')!;
  const { token, userId: me } = await signIn(affiliate);
  const reply = `Thanks, got it ${Date.now()}`;
  const response = await fetch(new URL('/rest/v1/messages', stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json' }),
    body: JSON.stringify({ conversation_id: conversation, sender_id: me, body: reply }),
  });
  expect(response.status).toBe(201);
  await expect(
    page.getByRole('list', { name: 'Messages with Jordan Rivers' }).getByText(reply),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page, '/vendor-messages');
});

test('Message on Members opens a new message; the conversation starts only with the first message', async ({
  page,
}) => {
  const member = 'Kai Tanaka';
  const { userId: merchantId } = await signIn(merchant);
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  await page.getByRole('tab', { name: /^Members/ }).click();
  const message = page.getByRole('link', { name: `Message ${member}` });
  const affiliateId = new URL((await message.getAttribute('href'))!, stack.webUrl).searchParams.get(
    'with',
  )!;
  // A clean start on a retry: no conversation between the two yet.
  const between = `/rest/v1/conversations?merchant_id=eq.${merchantId}&affiliate_id=eq.${affiliateId}`;
  const removed = await fetch(new URL(between, stack.apiUrl), {
    method: 'DELETE',
    headers: asService(),
  });
  expect(removed.ok).toBe(true);
  const stored = async () => {
    const res = await fetch(new URL(`${between}&select=id,messages(body)`, stack.apiUrl), {
      headers: asService(),
    });
    return (await res.json()) as { id: string; messages: { body: string }[] }[];
  };

  await message.click();
  await expect(page).toHaveURL(/\/vendor-messages\?with=/);
  await expect(page.getByText(`No messages with ${member} yet.`, { exact: false })).toBeVisible();
  const box = page.getByLabel(`Message to ${member}`);
  await expect(box).toBeVisible();
  // Opening the new message created nothing: no conversation, none in the list.
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByText(member),
  ).toHaveCount(0);
  expect(await stored()).toEqual([]);
  await expectNoAxeViolations(page, '/vendor-messages, a new message');

  const body = `Welcome to the program ${Date.now()}`;
  await box.fill(body);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByRole('list', { name: `Messages with ${member}` }).getByText(body),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/vendor-messages\?c=/);
  await expect(
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: member }),
  ).toContainText(body);
  // The message box keeps the focus while the new conversation takes over the view.
  await expect(box).toBeFocused();
  const [conversation] = await stored();
  expect(conversation?.messages).toEqual([{ body }]);
});

/**
 * Scrolls the page until the first row of `table` passes under the app's sticky top bar, and fails
 * when, at the middle of the bar above any cell of that row, the page draws anything but the bar.
 */
async function expectTopBarOverTable(page: Page, table: Locator): Promise<void> {
  const drawnOver = await page.getByRole('banner').evaluate(
    (bar, tableElement) => {
      const row = tableElement.querySelector('tbody tr')!;
      const y = bar.getBoundingClientRect().top + bar.getBoundingClientRect().height / 2;
      window.scrollTo({
        top: row.getBoundingClientRect().top + window.scrollY - y + 2,
        behavior: 'instant',
      });
      const box = row.getBoundingClientRect();
      if (box.top > y || box.bottom < y) return ['the page does not scroll the row under the bar'];
      return [...row.children]
        .map((cell) => cell.getBoundingClientRect())
        .map((cell) => Math.min(Math.max(cell.left + cell.width / 2, 1), window.innerWidth - 1))
        .filter((x) => !bar.contains(document.elementFromPoint(x, y)))
        .map((x) => `the cell at x=${Math.round(x)}`);
    },
    await table.elementHandle(),
  );
  expect(drawnOver, 'drawn over the top bar').toEqual([]);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

test('affiliates: row actions name the program, the tabs fit a phone, and the table stays under the top bar', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  await page.getByRole('tab', { name: /^Members/ }).click();
  const members = page.getByRole('table', { name: 'Members and their performance, all time' });
  await expect(members.getByRole('link', { name: /^Message / }).first()).toBeVisible();
  // Every member's Message and Remove, page by page.
  const panel = page.getByRole('tabpanel', { name: /^Members/ });
  const range = panel.getByRole('status').filter({ hasText: /^\d+–\d+ of \d+$/ });
  const actions: string[] = [];
  for (;;) {
    actions.push(
      ...(await members
        .locator('[aria-label^="Message "], [aria-label^="Remove "]')
        .evaluateAll((all) => all.map((action) => action.getAttribute('aria-label') ?? ''))),
    );
    const next = panel.getByRole('button', { name: 'Next page' });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const shown = await range.textContent();
    await next.click();
    await expect(range).not.toHaveText(shown!);
  }
  // Sofia Marín is a member of both of the demo merchant's programs: a row, and actions, for each,
  // told apart by the program; the visible word comes first (label in name).
  const sofia = actions.filter((name) => name.includes('Sofia Marín'));
  expect(sofia.filter((name) => /^Remove Sofia Marín from ./.test(name))).toHaveLength(2);
  expect(sofia.filter((name) => /^Message Sofia Marín, member of ./.test(name))).toHaveLength(2);
  expect(
    actions.filter((name, index) => actions.indexOf(name) !== index),
    'member actions sharing one name',
  ).toEqual([]);

  // Scrolled, the table passes under the sticky top bar: its sticky naming column stays under it.
  if ((await panel.getByRole('button', { name: 'Page 1' }).count()) > 0)
    await panel.getByRole('button', { name: 'Page 1' }).click();
  await expectTopBarOverTable(page, members);

  // A phone: the three tabs fit, whole, and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectTabsFit(page.getByRole('tablist', { name: 'Affiliates' }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectTopBarOverTable(page, members);
  await expectNoAxeViolations(page, '/vendor-affiliates, members at 360 px');
  await page.getByRole('tab', { name: /^Rejected and removed/ }).click();
  await expect(page.getByRole('tab', { name: /^Rejected and removed/ })).toBeInViewport({
    ratio: 1,
  });
});

test('affiliates: a list longer than a page is searched by name or username; a short one is not', async ({
  page,
}) => {
  // The demo merchant has ten members: one more takes the list past its first page.
  const { userId: merchantId } = await signIn(merchant);
  await approvedMember(
    await programOf(merchantId, '&status=eq.active'),
    `Ivy Holm ${Date.now().toString(36)}`,
  );

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  await page.getByRole('tab', { name: /^Members \(\d+\)$/ }).click();
  const panel = page.getByRole('tabpanel', { name: /^Members/ });
  const members = panel.getByRole('table', { name: 'Members and their performance, all time' });
  await expect(members.getByRole('link', { name: /^Message / }).first()).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: /^1–10 of \d+$/ })).toBeVisible();
  const filter = panel.getByRole('searchbox', { name: 'Filter by name or username' });
  await filter.fill('sofia');
  // Sofia Marín is a member of both programs: her two rows, and nobody else's.
  await expect(members.getByRole('rowheader')).toHaveCount(2);
  await expect(members.getByRole('rowheader', { name: /Sofia Marín/ })).toHaveCount(2);
  await filter.fill('@');
  await expect(members.getByRole('rowheader')).toHaveCount(10);
  await filter.fill('nobody-by-this-name');
  await expect(members.getByRole('heading', { name: 'No matching rows' })).toBeVisible();
  await expectNoAxeViolations(page, '/vendor-affiliates, no member matches the filter');
  await filter.fill('');
  await expect(members.getByRole('rowheader')).toHaveCount(10);
  // The applicants waiting fit one page: no filter over them.
  await page.getByRole('tab', { name: /^Applicants/ }).click();
  const applicants = page.getByRole('tabpanel', { name: /^Applicants/ });
  await expect(applicants.getByRole('table')).toBeVisible();
  await expect(applicants.getByRole('searchbox')).toHaveCount(0);
});

test('messages: a long thread scrolls by keyboard in a named region, and a conversation is named once', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(merchant);
  const programId = await programOf(merchantId);
  const name = `Ivy Thread ${Date.now().toString(36)}`;
  const ivy = await approvedMember(programId, name);
  const [conversation] = await insertRows<{ id: string }>('conversations', {
    merchant_id: merchantId,
    affiliate_id: ivy.id,
    program_id: programId,
  });
  // More messages than the thread's frame holds, the latest one the merchant's.
  await insertRows(
    'messages',
    Array.from({ length: 16 }, (_, i) => ({
      conversation_id: conversation!.id,
      sender_id: i % 2 ? merchantId : ivy.id,
      body: `Message ${i + 1}: how the samples travel, the refill schedule and the photos.`,
      created_at: new Date(Date.now() - (20 - i) * 60_000).toISOString(),
    })),
  );

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, `/vendor-messages?c=${conversation!.id}`);
  const thread = page.getByRole('region', { name: `Messages with ${name}` });
  await expect(thread.getByRole('listitem')).toHaveCount(16);
  expect(await thread.evaluate((region) => region.scrollHeight > region.clientHeight)).toBe(true);
  // The keyboard reaches the thread (just before the message box) and scrolls it, with a focus ring.
  await page.getByLabel(`Message to ${name}`).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(thread).toBeFocused();
  // It opens at the newest message; Home scrolls up to the first.
  await expect
    .poll(() =>
      thread.evaluate((region) => region.scrollHeight - region.clientHeight - region.scrollTop),
    )
    .toBeLessThan(2);
  await page.keyboard.press('Home');
  await expect.poll(() => thread.evaluate((region) => region.scrollTop)).toBe(0);
  await page.keyboard.press('End');
  await expect.poll(() => thread.evaluate((region) => region.scrollTop)).toBeGreaterThan(0);
  // Radix draws the ring of the focused viewport on the element after it.
  expect(
    await thread.evaluate((region) => getComputedStyle(region.nextElementSibling!).outlineStyle),
  ).toBe('solid');
  // The conversation's button says the name once, then the latest message: its avatar is not read.
  const item = page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(item).toHaveAccessibleName(new RegExp(`^${name} Message 16: `));
  await expectNoAxeViolations(page, '/vendor-messages with a long thread');
});

test('messages: Send posts a message once, however fast it is pressed twice, and markup alone is told at the box', async ({
  page,
}) => {
  // The merchant's id read with the service key: a sign-in more would count against the stack's
  // per-address limit on password sign-ins, which the whole file shares.
  const merchants = await fetch(
    new URL(
      `/rest/v1/profiles?select=id&role=eq.merchant&name=eq.${encodeURIComponent(merchant.name)}`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  const [{ id: merchantId }] = (await merchants.json()) as [{ id: string }];
  const programId = await programOf(merchantId);
  const name = `Ivy Once ${Date.now().toString(36)}`;
  const ivy = await approvedMember(programId, name);
  const [conversation] = await insertRows<{ id: string }>('conversations', {
    merchant_id: merchantId,
    affiliate_id: ivy.id,
    program_id: programId,
  });
  const stored = async () => {
    const res = await fetch(
      new URL(
        `/rest/v1/messages?select=body&conversation_id=eq.${conversation!.id}&order=created_at`,
        stack.apiUrl,
      ),
      { headers: asService() },
    );
    return ((await res.json()) as { body: string }[]).map((m) => m.body);
  };
  // Every message the page posts.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/rest/v1/messages')
      posts += 1;
  });

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, `/vendor-messages?c=${conversation!.id}`);
  const box = page.getByLabel(`Message to ${name}`);
  const thread = page.getByRole('list', { name: `Messages with ${name}` });
  const send = page.getByRole('button', { name: 'Send' });

  // A double click sends once: one POST, one message stored, shown once.
  const first = `Samples ship on Monday ${Date.now()}`;
  await box.fill(first);
  await send.dblclick();
  await expect(thread.getByText(first)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(thread.getByText(first)).toHaveCount(1);
  expect(posts, 'POSTs of a double-clicked Send').toBe(1);
  expect(await stored()).toEqual([first]);

  // So does a click followed by Enter on the button it left focused.
  const second = `Refills arrive on Friday ${Date.now()}`;
  await box.fill(second);
  await send.click();
  await page.keyboard.press('Enter');
  await expect(thread.getByText(second)).toBeVisible();
  await expect(thread.getByText(second)).toHaveCount(1);
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  expect(posts, 'POSTs of Send clicked, then Enter').toBe(2);
  expect(await stored()).toEqual([first, second]);

  // Markup only: nothing is left to send once it is removed. Told at the box (which holds text,
  // so not "must not be empty"), with the focus there; nothing is posted.
  await box.fill('<script>alert(1)</script>');
  await send.click();
  await expect(box).toHaveAccessibleDescription(
    /Write your message as plain text: markup is removed, and nothing would be left/,
  );
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toBeFocused();
  await expect(page.getByText(/must not be empty/)).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent' })).toHaveCount(0);
  expect(posts).toBe(2);
  expect(await stored()).toEqual([first, second]);
  await expectNoAxeViolations(page, '/vendor-messages, a message of markup only');
});

test('a long company name wraps inside the onboarding review', async ({ page }) => {
  const { account, company } = await longCompanyMerchant();
  try {
    await login(page, account, /\/dashboard-vendor$/);
    await visit(page, '/vendor-onboarding');
    await expect(page.getByRole('heading', { name: 'Step 7 of 7: Review' })).toBeVisible();
    const name = page.getByRole('definition').filter({ hasText: company });
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expect(name).toBeVisible();
      // The name breaks within the review's list, inside its card.
      const overflow = await name.evaluate((value) => {
        const list = value.closest('dl')!;
        return {
          value: value.getBoundingClientRect().right - list.getBoundingClientRect().right,
          list: list.scrollWidth - list.clientWidth,
        };
      });
      expect(overflow.value, `the company name past the review at ${width} px`).toBeLessThanOrEqual(
        0.5,
      );
      expect(overflow.list).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
    await expectNoAxeViolations(page, '/vendor-onboarding review with a long company name');
  } finally {
    // Out of the approval queue the other journeys read.
    await deleteRows('merchant_profiles', `id=eq.${account.id}`);
  }
});

test('a product is created with an image and CO2e, saved as a draft and submitted for approval', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/add-product');
  // A failed submit takes the focus to the first field to fix, its message next to it.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByLabel(/^Name/)).toBeFocused();
  await expect(page.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true');
  // Scrolled into view below the sticky top bar, not under it.
  const bar = await page.getByRole('banner').boundingBox();
  const field = await page.getByLabel(/^Name/).boundingBox();
  expect(field!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
  const name = `Refill pouch ${Date.now()}`;
  await page.getByLabel(/^Name/).fill(name);
  // Bounds the store keeps are told next to their fields, never as a database message.
  await page.getByLabel(/^Price \(USD\)/).fill('99999999');
  await page.getByLabel('Stock').fill('99999999999');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByLabel(/^Price \(USD\)/)).toBeFocused();
  await expect(page.getByLabel(/^Price \(USD\)/)).toHaveAccessibleDescription(
    /at most \$999,999\.99/,
  );
  await expect(page.getByLabel('Stock')).toHaveAccessibleDescription(/up to 1,000,000,000/);
  await page.getByLabel(/^Price \(USD\)/).fill('12.50');
  await page.getByLabel('Stock').fill('40');
  await page.getByLabel('Refillable').click();
  await page.getByLabel(/^Estimated CO2e/).fill('0.8');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Name the source of the estimate')).toBeVisible();
  await page.getByLabel(/^Source of the estimate/).fill('Supplier lifecycle assessment, 2025');
  await page
    .getByLabel('Add an image')
    .setInputFiles({ name: 'pouch.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(page.getByRole('img', { name: `${name}, 1 of 1` })).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/vendor\/products$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Draft')).toBeVisible();
  await row.getByRole('button', { name: `Submit for approval: ${name}` }).click();
  await expect(row.getByText('Submitted for approval')).toBeVisible();
});

test('a product needs a price of at least $0.50: 0 is neither saved nor submitted', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/add-product');
  await page.getByLabel(/^Name/).fill(`Free sample ${Date.now()}`);
  const price = page.getByLabel(/^Price \(USD\)/);
  for (const [amount, button] of [
    ['0', 'Save draft'],
    ['0', 'Submit for approval'],
    ['0.49', 'Submit for approval'],
  ] as const) {
    await price.fill(amount);
    await page.getByRole('button', { name: button }).click();
    await expect(price).toBeFocused();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(/^Enter a price of at least \$0\.50\b/);
    await expect(page).toHaveURL(/\/add-product$/);
  }
  await price.fill('0.50');
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
});

test('product form: CO2e is told in kilograms, a refused value’s message goes once it is changed, and an image of the wrong type is told at the file input', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products/bamboo-toothbrush-set');
  const co2e = page.getByLabel(/^Estimated CO2e \(kg\)/);
  const save = page.getByRole('button', { name: 'Save changes' });
  const inKilograms = /Enter kilograms from 0 to 1,000,000, with up to three decimals/;
  await expect(co2e).not.toHaveValue('');

  // The review's 99999999999 kg: refused by the form's own limit, in kilograms.
  await co2e.fill('99999999999');
  await save.click();
  await expect(co2e).toBeFocused();
  await expect(co2e).toHaveAccessibleDescription(inKilograms);
  await expect(page.getByText(/Co2e grams|1000000000/)).toHaveCount(0);

  // A refusal of the server (the database's check of the grams) is told at the field in the
  // form's words and units; corrected, the message goes at once.
  await refuseWithCheck(page, 'products', 'PATCH', 'products_co2e_grams_check');
  await co2e.fill('1.2');
  await save.click();
  await expect(co2e).toBeFocused();
  await expect(co2e).toHaveAttribute('aria-invalid', 'true');
  await expect(co2e).toHaveAccessibleDescription(inKilograms);
  await expect(page.getByText(/violates check constraint|Co2e grams/)).toHaveCount(0);
  await co2e.fill('1.25');
  await expect(co2e).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(inKilograms)).toHaveCount(0);
  await page.unroute('**/rest/v1/products*');

  // An image of another type: told in words under the file input, which is marked invalid,
  // described by the message and focused; nothing lists MIME types, and no card stands apart.
  const input = page.getByLabel('Add an image');
  const words = 'Choose a PNG, JPEG, WebP or AVIF image';
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(words));
  await expect(input).toBeFocused();
  await expect(page.getByText(/image\/png|image\/jpeg/)).toHaveCount(0);
  await expect(page.getByText('Image not uploaded')).toHaveCount(0);
  // Left-aligned with the form's fields, right under the input.
  const message = page.getByText(words, { exact: true });
  const [inputBox, messageBox, labelBox] = await Promise.all([
    input.boundingBox(),
    message.boundingBox(),
    page.getByText('Add an image', { exact: true }).boundingBox(),
  ]);
  expect(Math.abs(messageBox!.x - labelBox!.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(messageBox!.x - inputBox!.x)).toBeLessThanOrEqual(1);
  expect(messageBox!.y).toBeGreaterThan(inputBox!.y);
  await expectNoAxeViolations(page, '/vendor/products/:slug with a refused image');

  // A text file named as a PNG gets past the type the browser gives it, not past the client's
  // look at its bytes: told in words at the input too.
  await input.setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('hello'),
  });
  await expect(input).toHaveAccessibleDescription(/not the image its name says/);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toBeFocused();
  // A good image takes the message away.
  await input.setInputFiles({ name: 'pouch.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/not the image its name says/)).toHaveCount(0);
});

test('a live product is edited as live: saved changes, no draft or resubmission', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  await page.getByRole('link', { name: 'Edit Bamboo Toothbrush Set' }).click();
  await expect(page).toHaveURL(/\/vendor\/products\/bamboo-toothbrush-set$/);
  await expect(page.getByText('This product is live in the shop', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  // An unsaved edit holds a link to another page back with a question.
  const price = page.getByLabel(/^Price \(USD\)/);
  const listed = await price.inputValue();
  await price.fill('13.00');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Products' })
    .click();
  const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
  // The title asks; the text says only what is lost, without asking again.
  await expect(question).toHaveAccessibleDescription('Your changes to the product are not saved.');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/vendor\/products\/bamboo-toothbrush-set$/);
  await expect(price).toHaveValue('13.00');
  // So does the browser's Back: staying keeps the edit; leaving drops it, unsaved.
  await page.evaluate(() => window.history.back());
  await expect(question).toContainText('not saved');
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/vendor\/products\/bamboo-toothbrush-set$/);
  await expect(price).toHaveValue('13.00');
  await page.evaluate(() => window.history.back());
  await question.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/vendor\/products$/);
  await page.getByRole('link', { name: 'Edit Bamboo Toothbrush Set' }).click();
  await expect(price).toHaveValue(listed);
  // Saved as it was listed: the seed's price stays.
  await price.fill(listed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/vendor\/products$/);
  await expect(
    page.getByRole('row', { name: /Bamboo Toothbrush Set/ }).getByText('Approved'),
  ).toBeVisible();
});

test('a new merchant completes the resumable onboarding with a claim and evidence', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password } = await createAccount('onboarding', 'Fern&Market26', {
    name: 'Lena Moss',
    role: 'merchant',
  });
  await login(page, { email, password }, /\/dashboard-vendor$/);
  await expect(
    page.getByRole('heading', { name: 'Finish onboarding to open your dashboard' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Continue onboarding' }).click();

  const heading = (name: string) => page.getByRole('heading', { name });
  const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
  await page.getByLabel(/^Company name/).fill('Moss & Stone');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Each step opened by continuing takes the focus to its heading, which names it.
  await expect(heading('Step 2 of 7: Website')).toBeFocused();

  // The website: the app's own errors at the field (not the browser's bubbles), focused; the
  // hint's rule holds (https only), and a bare "example.com" gets its https:// added.
  const website = page.getByRole('textbox', { name: 'Website' });
  await expect(website).toHaveAccessibleDescription(/such as example\.com: https:\/\/ is added/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(website).toBeFocused();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toHaveAccessibleDescription(/Enter your website’s address/);
  await expectNoAxeViolations(page, '/vendor-onboarding, website missing');
  await website.fill('http://moss-and-stone.example');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(website).toHaveAccessibleDescription(/secure address, starting with https:\/\//);
  await expect(website).toBeFocused();
  await website.fill('moss-and-stone.example');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(heading('Step 3 of 7: Description')).toBeFocused();
  // Resumable: coming back continues at the step after the last one saved.
  await visit(page, '/dashboard-vendor');
  await visit(page, '/vendor-onboarding');
  await expect(heading('Step 3 of 7: Description')).toBeVisible();
  await page
    .getByLabel(/^What your company makes/)
    .fill('Stoneware refill jars for kitchens and bathrooms.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(heading('Step 4 of 7: Sustainability statement')).toBeFocused();

  // Back to the first step from the stepper: the focus goes to its heading, the steps saved on the
  // way stay complete, and the step reached (not saved yet) opens again from the stepper.
  await steps.getByRole('button', { name: /^Company/ }).click();
  await expect(heading('Step 1 of 7: Company')).toBeFocused();
  await expect(steps.getByRole('listitem').nth(2)).toContainText('step 3 of 7, completed');
  await expect(steps.getByRole('listitem').nth(3)).toContainText('step 4 of 7, not started');
  await expect(steps.getByRole('button', { name: /^Claims and evidence/ })).toHaveCount(0);
  await steps.getByRole('button', { name: /^Sustainability statement/ }).click();
  await expect(heading('Step 4 of 7: Sustainability statement')).toBeFocused();
  await page
    .getByRole('textbox', { name: /^Sustainability statement/ })
    .fill('Kiln powered by our own solar roof; jars are returned and refilled.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(heading('Step 5 of 7: Claims and evidence')).toBeFocused();

  await page.getByLabel(/^Claim/).fill('Kiln runs on on-site solar power');
  await page.getByLabel('Issuer').fill('Solar Audit Ltd');
  await page.getByLabel('Evidence document').setInputFiles({
    name: 'solar-audit.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 audit'),
  });
  await page.getByRole('button', { name: 'Add claim' }).click();
  await expect(
    page.getByRole('list', { name: 'Your claims' }).getByText('Kiln runs on on-site solar power'),
  ).toBeVisible();

  // A claim without evidence: the reason is told at the evidence field, which takes the focus.
  await page.getByLabel(/^Claim/).fill('Jars are returned and refilled at least ten times');
  await page.getByRole('button', { name: 'Add claim' }).click();
  const evidence = page.getByLabel('Evidence link');
  await expect(evidence).toBeFocused();
  await expect(evidence).toHaveAttribute('aria-invalid', 'true');
  await expect(evidence).toHaveAccessibleDescription(
    /Add a link to the evidence or upload a document/,
  );
  // Continue does not drop the claim typed in: it stops and says what to do.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Add this claim or clear it before continuing.')).toBeVisible();
  await expect(evidence).toBeFocused();
  await expect(heading('Step 5 of 7: Claims and evidence')).toBeVisible();
  await expectNoAxeViolations(page, '/vendor-onboarding, a claim without evidence');
  // With its evidence, Continue adds the claim on the way to the next step.
  await evidence.fill('moss-and-stone.example/refill-log.pdf');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading('Step 6 of 7: Payout details')).toBeFocused();
  await expect(page.getByText('Not needed yet')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading('Step 7 of 7: Review')).toBeFocused();
  // Saved with the https:// added for the merchant.
  await expect(page.getByText(/^https:\/\/moss-and-stone\.example\/?$/)).toBeVisible();
  await expect(page.getByText('2 waiting for review', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/vendor-onboarding review');
  await page.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(page).toHaveURL(/\/dashboard-vendor$/);
  await expect(page.getByRole('radio', { name: '30 days' })).toBeVisible();
});

// A merchant who finished onboarding long ago opens it again: the review says where the company
// stands, and editing a step keeps the onboarding finished (and the dashboard open).
test('a finished onboarding reopens at its review, and editing a step keeps it finished', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-onboarding');
  await expect(page.getByRole('heading', { name: 'Step 7 of 7: Review' })).toBeVisible();
  await expect(page.getByText('Your onboarding is complete.', { exact: false })).toBeVisible();
  await expect(page.getByText('Approved: your company is live on Verdant.')).toBeVisible();
  await expect(page.getByText(/^\d+ approved/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish onboarding' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/vendor-onboarding, finished');

  // Every step shows what it saved, whichever one is open, and each one opens from the stepper.
  const steps = page.getByRole('navigation', { name: 'Onboarding steps' });
  await steps.getByRole('button', { name: /^Claims and evidence/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Step 5 of 7: Claims and evidence' }),
  ).toBeFocused();
  for (const [index, text] of [
    [2, 'step 3 of 7, completed'],
    [3, 'step 4 of 7, completed'],
    [4, 'step 5 of 7, current step, completed'],
    [5, 'step 6 of 7, completed'],
    [6, 'step 7 of 7, completed'],
  ] as const)
    await expect(steps.getByRole('listitem').nth(index)).toContainText(text);
  await expect(steps.getByRole('button', { name: /^Payout details/ })).toBeVisible();
  await steps.getByRole('button', { name: /^Review/ }).click();
  await expect(page.getByRole('heading', { name: 'Step 7 of 7: Review' })).toBeFocused();

  await steps.getByRole('button', { name: /Sustainability statement/ }).click();
  const statement = page.getByRole('textbox', { name: /^Sustainability statement/ });
  await expect(statement).toHaveValue(/refill station runs on renewable electricity/);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(
    page.getByRole('heading', { name: 'Step 5 of 7: Claims and evidence' }),
  ).toBeFocused();
  await visit(page, '/dashboard-vendor');
  await expect(page.getByRole('radio', { name: '30 days' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Finish onboarding to open your dashboard' }),
  ).toHaveCount(0);
  await visit(page, '/vendor-onboarding');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard-vendor$/);
});

test('Merchant Starter holds one program and 25 products: the pages offer Merchant Growth instead of more', async ({
  page,
}) => {
  const { email, password, id } = await createAccount('starter', 'Loam+Starter26', {
    name: 'Sorrel Starter',
    role: 'merchant',
  });
  const service = asService({
    'content-type': 'application/json',
    prefer: 'resolution=merge-duplicates',
  });
  const post = (table: string, body: unknown) =>
    fetch(new URL(`/rest/v1/${table}`, stack.apiUrl), {
      method: 'POST',
      headers: service,
      body: JSON.stringify(body),
    });
  const stamp = Date.now().toString(36);
  expect((await post('merchant_profiles', { id, company_name: 'Sorrel Goods' })).status).toBe(201);
  expect(
    (
      await post('affiliate_programs', {
        merchant_id: id,
        name: 'Sorrel partners',
        commission_type: 'percent',
        commission_rate_bps: 1000,
      })
    ).status,
  ).toBe(201);
  const products = Array.from({ length: 25 }, (_, i) => ({
    merchant_id: id,
    name: `Sorrel item ${i + 1}`,
    slug: `sorrel-${stamp}-${i}`,
    price_cents: 1000 + i,
  }));
  expect((await post('products', products)).status).toBe(201);

  await login(page, { email, password }, /\/dashboard-vendor$/);
  await visit(page, '/vendor/settings');
  await expect(
    page.getByRole('heading', { name: 'Merchant Starter includes one affiliate program' }),
  ).toBeVisible();
  // At the limit the picker offers the one program and no new one.
  await expect(page.getByRole('combobox', { name: 'Program' }).locator('option')).toHaveText([
    'Sorrel partners',
  ]);

  await visit(page, '/vendor/products');
  await expect(
    page.getByRole('heading', { name: 'Merchant Starter includes up to 25 products' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a product' })).toHaveCount(0);
  await expectNoAxeViolations(page, '/vendor/products at the Starter limit');

  await visit(page, '/add-product');
  await expect(
    page.getByRole('heading', { name: 'Merchant Starter includes up to 25 products' }),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Product details' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See Merchant Growth' })).toHaveAttribute(
    'href',
    '/pricing',
  );
});

test('a rejected applicant is approved later from Rejected and removed', async ({
  page,
  browser,
}) => {
  const { userId: merchantId } = await signIn(merchant);
  const programs = await fetch(
    new URL(
      `/rest/v1/affiliate_programs?select=id,name&merchant_id=eq.${merchantId}&auto_approve=eq.false&status=eq.active&limit=1`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  const [program] = (await programs.json()) as { id: string; name: string }[];
  expect(program, 'a reviewed program of the demo merchant').toBeTruthy();
  const name = `Wren Fallow ${Date.now().toString(36)}`;
  const applicant = await createAccount('wren', 'Moss+Creator26', { name, role: 'affiliate' });
  const { token } = await signIn(applicant);
  const applied = await fetch(new URL('/rest/v1/program_memberships', stack.apiUrl), {
    method: 'POST',
    headers: asUser(token, { 'content-type': 'application/json' }),
    body: JSON.stringify({ program_id: program!.id, affiliate_id: applicant.id }),
  });
  expect(applied.status).toBe(201);

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  const applicants = page.getByRole('table', { name: 'Applicants waiting for a decision' });
  // The list has loaded once the new applicant shows: then the members' count is real.
  await expect(applicants.getByRole('button', { name: `Reject ${name}` })).toBeVisible();
  const membersTab = await page.getByRole('tab', { name: /^Members \(\d+\)$/ }).textContent();
  const members = Number(/\((\d+)\)/.exec(membersTab ?? '')?.[1]);
  await applicants.getByRole('button', { name: `Reject ${name}` }).click();
  const reject = page.getByRole('alertdialog', { name: `Reject ${name}?` });
  await expect(reject).toContainText('where you can still approve it later');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText(`${name} rejected`, { exact: true })).toBeVisible();
  await expect(applicants.getByText(name)).toHaveCount(0);
  // The applicant reads the decision on the program's card, and that it can still change.
  const applicantContext = await browser.newContext();
  const applicantPage = await applicantContext.newPage();
  await login(applicantPage, applicant, /\/dashboard$/);
  await visit(applicantPage, '/affiliate-programs');
  await expect(applicantPage.getByRole('article', { name: program!.name })).toContainText(
    'This merchant declined your application. They can still approve it later.',
  );
  await applicantContext.close();

  await page.getByRole('tab', { name: /^Rejected and removed/ }).click();
  const past = page.getByRole('table', { name: 'Rejected and removed affiliates' });
  await past.getByRole('button', { name: `Approve ${name}` }).click();
  const approve = page.getByRole('alertdialog', { name: `Approve ${name}?` });
  await expect(approve).toContainText(`joins ${program!.name} after all`);
  await expectNoAxeViolations(page, 'approving a rejected applicant');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${name} approved`, { exact: true })).toBeVisible();
  await expect(past.getByText(name)).toHaveCount(0);
  // One more member (the list is long and paged; the count tells it).
  await expect(page.getByRole('tab', { name: `Members (${members + 1})` })).toBeVisible();
  // The database holds the decision: the membership is approved.
  const stored = await fetch(
    new URL(
      `/rest/v1/program_memberships?select=status&affiliate_id=eq.${applicant.id}`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  expect(await stored.json()).toEqual([{ status: 'approved' }]);
});

test('a merchant archives a live product, brings it back as a draft and deletes it', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(merchant);
  const name = `Beeswax wraps ${Date.now().toString(36)}`;
  const { id } = await insertProduct(merchantId, { name, price_cents: 1800, status: 'approved' });
  const status = async () => {
    const res = await fetch(new URL(`/rest/v1/products?select=status&id=eq.${id}`, stack.apiUrl), {
      headers: asService(),
    });
    return ((await res.json()) as { status: string }[])[0]?.status ?? 'gone';
  };

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Approved')).toBeVisible();
  // A live product cannot be deleted at once; it is taken out of the shop first, after asking.
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  const archive = page.getByRole('alertdialog', { name: `Take ${name} out of the shop?` });
  await archive.getByRole('button', { name: 'Cancel' }).click();
  await expect(archive).toBeHidden();
  expect(await status()).toBe('approved');
  await row.getByRole('button', { name: `Archive ${name}` }).click();
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(row.getByText('Archived')).toBeVisible();
  expect(await status()).toBe('archived');

  await row.getByRole('button', { name: `Back to drafts: ${name}` }).click();
  // Exactly the badge: "Back to drafts" holds the word too.
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  expect(await status()).toBe('draft');

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const remove = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await expect(remove).toContainText('This cannot be undone');
  await expectNoAxeViolations(page, 'deleting a draft');
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect(await status()).toBe('gone');
});

test('products are searched by name and narrowed by status; the address keeps the search', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(merchant);
  const tag = Date.now().toString(36);
  await insertProduct(merchantId, {
    name: `Linen tote ${tag}`,
    price_cents: 1200,
    status: 'approved',
  });
  await insertProduct(merchantId, {
    name: `Linen apron ${tag}`,
    price_cents: 1200,
    status: 'draft',
  });

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  const table = page.getByRole('table', { name: 'Your products' });
  const search = page.getByRole('searchbox', { name: 'Search by name or slug' });
  await search.fill(`linen ${tag}`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=linen\\+${tag}$`));
  await expect(table.getByRole('row', { name: /Linen/ })).toHaveCount(2);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('Draft');
  await expect(table.getByRole('row', { name: /Linen/ })).toHaveCount(1);
  await expect(table.getByRole('row', { name: new RegExp(`Linen apron ${tag}`) })).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue(`linen ${tag}`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
  await expect(table.getByRole('row', { name: /Linen/ })).toHaveCount(1);

  await search.fill(`wool ${tag}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'No products match' })).toBeVisible();
  await expect(page.getByText(`has “wool ${tag}” in its name or slug`)).toBeVisible();
  await expectNoAxeViolations(page, 'no product matches the search');
  // Back returns to the previous search, in the list and in the field.
  await page.goBack();
  await expect(search).toHaveValue(`linen ${tag}`);
  await expect(table.getByRole('row', { name: /Linen/ })).toHaveCount(1);
  await page.goForward();
  await page.getByRole('button', { name: 'Show all products' }).click();
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(page).toHaveURL(/\/vendor\/products$/);
  await expect(table.getByRole('row', { name: new RegExp(`Linen tote ${tag}`) })).toBeVisible();
});

test('a rejected product shows the reason the administrator gave', async ({ page }) => {
  const { userId: merchantId } = await signIn(merchant);
  const name = `Hemp tote ${Date.now().toString(36)}`;
  const reason = 'The photos show a different bag than the description.';
  await insertProduct(merchantId, {
    name,
    price_cents: 2400,
    status: 'rejected',
    rejection_reason: reason,
  });
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Rejected')).toBeVisible();
  await expect(row.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Submit for approval: ${name}` })).toBeVisible();

  // On a phone the table stacks its rows: the status and the actions are on screen, not scrolled
  // out of the table's frame.
  await page.setViewportSize({ width: 360, height: 740 });
  const submit = row.getByRole('button', { name: `Submit for approval: ${name}` });
  await submit.scrollIntoViewIfNeeded();
  for (const part of [row.getByText(`Reason: ${reason}`), submit]) {
    const box = await part.boundingBox();
    expect(box, 'drawn').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  await expectNoAxeViolations(page, '/vendor/products at 360 px');
});

/** Deletes rows with the service role (`filter` as PostgREST takes it). */
async function deleteRows(table: string, filter: string): Promise<void> {
  const res = await fetch(new URL(`/rest/v1/${table}?${filter}`, stack.apiUrl), {
    method: 'DELETE',
    headers: asService(),
  });
  expect(res.ok, `delete from ${table}`).toBe(true);
}

/**
 * The accessible name of the same action in the next row that has one, else in the nearest row
 * before: where the focus belongs once the row of `name` leaves.
 */
/**
 * Confirms the open confirmation dialog by keyboard: it opens on Cancel, Tab reaches the action
 * (named `action`, when given), Enter confirms. Returns the dialog.
 */
async function confirmByKeyboard(
  page: Page,
  dialogName: string,
  action?: string,
): Promise<Locator> {
  const dialog = page.getByRole('alertdialog', { name: dialogName });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  if (action) await expect(dialog.getByRole('button', { name: action })).toBeFocused();
  await page.keyboard.press('Enter');
  return dialog;
}

/**
 * The name of the button that takes the focus once the one named `name` has gone: the next one, else
 * the one before. `name` may leave out the end of the button's name (an affiliate's decision names
 * the program after the affiliate: "Approve Ada Lane for Evergreen Home Partners").
 */
async function nextInPlace(buttons: Locator, name: string): Promise<string | undefined> {
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  const at = names.findIndex((label) => label === name || label?.startsWith(`${name} `));
  expect(at, `${name} is listed`).not.toBe(-1);
  return names[at + 1] ?? names[at - 1] ?? undefined;
}

test('keyboard: the focus stays in a product’s row when its actions change, and moves on when it is deleted', async ({
  page,
}) => {
  const { userId: merchantId } = await signIn(merchant);
  const stamp = Date.now().toString(36);
  const product = async (name: string, status: string) => {
    await insertRows('products', {
      merchant_id: merchantId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      price_cents: 1500,
      status,
    });
  };
  const live = `Kbd live ${stamp}`;
  const first = `Kbd draft one ${stamp}`;
  const second = `Kbd draft two ${stamp}`;
  await product(live, 'approved');
  await product(first, 'draft');
  await product(second, 'draft');

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  const table = page.getByRole('table', { name: 'Your products' });
  const row = table.getByRole('row', { name: new RegExp(live) });

  // Archived: the Archive button gives way to Back to drafts, which takes the focus.
  await row.getByRole('button', { name: `Archive ${live}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Take ${live} out of the shop?`, 'Archive');
  await expect(row.getByText('Archived', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Back to drafts: ${live}` })).toBeFocused();
  // Back to drafts: the row's first action now is Submit for approval.
  await page.keyboard.press('Enter');
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  const submit = row.getByRole('button', { name: `Submit for approval: ${live}` });
  await expect(submit).toBeFocused();
  // Submitted: no button is left in the row's actions; its note takes the focus.
  await page.keyboard.press('Enter');
  await expect(row.getByText('Submitted for approval', { exact: true })).toBeVisible();
  await expect(row.getByText('Waiting for review')).toBeFocused();

  // Deleted: the row goes and the next row's Delete takes the focus.
  const deletes = table.getByRole('button', { name: /^Delete / });
  const next = await nextInPlace(deletes, `Delete ${first}`);
  expect(next).toBeDefined();
  await table.getByRole('button', { name: `Delete ${first}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Delete ${first}?`, 'Delete');
  await expect(table.getByRole('row', { name: new RegExp(first) })).toHaveCount(0);
  await expect(table.getByRole('button', { name: next!, exact: true })).toBeFocused();

  // A delete that fails says so in the dialog, which stays open.
  await table.getByRole('button', { name: `Delete ${second}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Delete ${second}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await deleteRows('products', `name=eq.${encodeURIComponent(second)}`);
  await confirmByKeyboard(page, `Delete ${second}?`, 'Delete');
  await expect(dialog.getByRole('alert')).toContainText(/not found/i);
  await expect(dialog).toBeVisible();
  await closeWithEscape(page, dialog);
});

test('keyboard: deleting the last product moves the focus to the products table', async ({
  page,
}) => {
  const { email, password, id } = await createAccount('kbd-products', 'Loam+Keys26', {
    name: 'Tansy Keys',
    role: 'merchant',
  });
  await insertRows('merchant_profiles', { id, company_name: 'Tansy Goods' });
  const name = `Tansy jar ${Date.now().toString(36)}`;
  await insertRows('products', {
    merchant_id: id,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    price_cents: 900,
  });
  await login(page, { email, password }, /\/dashboard-vendor$/);
  await visit(page, '/vendor/products');
  const table = page.getByRole('table', { name: 'Your products' });
  await table.getByRole('button', { name: `Delete ${name}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Delete ${name}?`);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(table).toBeFocused();
  // The empty state's heading is the level under the page's h1 (axe's heading-order).
  await expect(page.getByRole('heading', { name: 'No products yet', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page, '/vendor/products without products');
});

test('keyboard: a decided affiliate’s row leaves its tab and the focus moves to the next row', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { userId: merchantId } = await signIn(merchant);
  const programs = await fetch(
    new URL(
      `/rest/v1/affiliate_programs?select=id&merchant_id=eq.${merchantId}&auto_approve=eq.false&status=eq.active&limit=1`,
      stack.apiUrl,
    ),
    { headers: asService() },
  );
  const [program] = (await programs.json()) as { id: string }[];
  expect(program, 'a reviewed program of the demo merchant').toBeTruthy();
  const stamp = Date.now().toString(36);
  // Names that sort first, so the members sorted by name start with them.
  const names = [1, 2, 3].map((n) => `Aaa Kbd ${stamp} ${n}`);
  for (const [n, name] of names.entries()) {
    const applicant = await createAccount(`kbd${n}`, 'Moss+Creator26', { name, role: 'affiliate' });
    const { token } = await signIn(applicant);
    const applied = await fetch(new URL('/rest/v1/program_memberships', stack.apiUrl), {
      method: 'POST',
      headers: asUser(token, { 'content-type': 'application/json' }),
      body: JSON.stringify({ program_id: program!.id, affiliate_id: applicant.id }),
    });
    expect(applied.status).toBe(201);
  }
  const [one, two, three] = names as [string, string, string];

  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/vendor-affiliates');
  const applicants = page.getByRole('table', { name: 'Applicants waiting for a decision' });
  const approves = applicants.getByRole('button', { name: /^Approve / });
  await expect(applicants.getByRole('button', { name: `Approve ${three}` })).toBeVisible();
  const approveByKeyboard = async (name: string) => {
    const next = await nextInPlace(approves, `Approve ${name}`);
    await applicants.getByRole('button', { name: `Approve ${name}` }).focus();
    await page.keyboard.press('Enter');
    await expect(applicants.getByRole('button', { name: `Approve ${name}` })).toHaveCount(0);
    await expect(applicants.getByRole('button', { name: next!, exact: true })).toBeFocused();
  };
  // Approved: the row leaves the applicants; the next applicant's Approve takes the focus.
  await approveByKeyboard(one);
  await approveByKeyboard(two);

  // Rejected (after asking): the same for the next applicant's Reject.
  const rejects = applicants.getByRole('button', { name: /^Reject / });
  const nextReject = await nextInPlace(rejects, `Reject ${three}`);
  await applicants.getByRole('button', { name: `Reject ${three}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Reject ${three}?`);
  await expect(applicants.getByRole('button', { name: `Reject ${three}` })).toHaveCount(0);
  if (nextReject)
    await expect(applicants.getByRole('button', { name: nextReject, exact: true })).toBeFocused();
  else await expect(page.getByRole('tabpanel', { name: /^Applicants/ })).toBeFocused();

  // Removed from the members (sorted by name, the new members first): the next member's Remove.
  await page.getByRole('tab', { name: /^Members/ }).click();
  const members = page.getByRole('table', { name: 'Members and their performance, all time' });
  await members.getByRole('button', { name: /^Affiliate/ }).click();
  await expect(members.getByRole('button', { name: `Remove ${one}` })).toBeVisible();
  const removes = members.getByRole('button', { name: /^Remove / });
  const nextRemove = await nextInPlace(removes, `Remove ${one}`);
  await members.getByRole('button', { name: `Remove ${one}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Remove ${one}?`);
  await expect(members.getByRole('button', { name: `Remove ${one}` })).toHaveCount(0);
  await expect(members.getByRole('button', { name: nextRemove!, exact: true })).toBeFocused();

  // Approved again from Rejected and removed: the next row's Approve takes the focus.
  await page.getByRole('tab', { name: /^Rejected and removed/ }).click();
  const past = page.getByRole('table', { name: 'Rejected and removed affiliates' });
  await expect(past.getByRole('button', { name: `Approve ${three}` })).toBeVisible();
  const pastApproves = past.getByRole('button', { name: /^Approve / });
  const nextPast = await nextInPlace(pastApproves, `Approve ${three}`);
  await past.getByRole('button', { name: `Approve ${three}` }).focus();
  await page.keyboard.press('Enter');
  await confirmByKeyboard(page, `Approve ${three}?`);
  await expect(past.getByRole('button', { name: `Approve ${three}` })).toHaveCount(0);
  if (nextPast)
    await expect(past.getByRole('button', { name: nextPast, exact: true })).toBeFocused();
  else await expect(page.getByRole('tabpanel', { name: /^Rejected and removed/ })).toBeFocused();
});

test('keyboard: product images are added and removed without losing the focus', async ({
  page,
}) => {
  await login(page, merchant, /\/dashboard-vendor$/);
  await visit(page, '/add-product');
  await page.getByLabel(/^Name/).fill('Keyboard pouch');
  const input = page.getByLabel('Add an image');
  await input.focus();
  // The input keeps the focus while an image uploads, so the next one can be added at once.
  await input.setInputFiles({ name: 'first.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(page.getByRole('img', { name: 'Keyboard pouch, 1 of 1' })).toBeVisible();
  await expect(input).toBeFocused();
  await input.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(page.getByRole('img', { name: 'Keyboard pouch, 2 of 2' })).toBeVisible();
  await expect(input).toBeFocused();

  // Removing an image hands the focus to the next image's Remove, then back to the input.
  await page.getByRole('button', { name: 'Remove image 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'Keyboard pouch, 1 of 1' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove image 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Images' })).toHaveCount(0);
  await expect(input).toBeFocused();
});

test('keyboard: removing a claim moves the focus to the next claim, then to the claim field', async ({
  page,
}) => {
  const { email, password, id } = await createAccount('kbd-claims', 'Fern&Keys26', {
    name: 'Iris Keys',
    role: 'merchant',
  });
  await insertRows('merchant_profiles', {
    id,
    company_name: 'Iris & Clay',
    website: 'https://iris-and-clay.example',
    description: 'Clay planters.',
    sustainability_statement: 'Fired in an electric kiln on green power.',
    onboarding_step: 'sustainability',
  });
  const claims = ['Kiln on green power', 'Clay from within 50 km', 'Packed in paper only'];
  for (const claim of claims)
    await insertRows('sustainability_claims', {
      merchant_id: id,
      claim,
      evidence_url: 'https://iris-and-clay.example/evidence',
    });

  await login(page, { email, password }, /\/dashboard-vendor$/);
  await visit(page, '/vendor-onboarding');
  await page
    .getByRole('navigation', { name: 'Onboarding steps' })
    .getByRole('button', { name: /^Claims and evidence/ })
    .click();
  const list = page.getByRole('list', { name: 'Your claims' });
  const removes = list.getByRole('button', { name: /^Remove claim: / });
  await expect(removes).toHaveCount(3);

  // A removal that fails says so, and the claim stays.
  const [gone, first, last] = (await removes.evaluateAll((all) =>
    all.map((b) => b.getAttribute('aria-label')!.replace('Remove claim: ', '')),
  )) as [string, string, string];
  await deleteRows('sustainability_claims', `claim=eq.${encodeURIComponent(gone)}`);
  await list.getByRole('button', { name: `Remove claim: ${gone}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Claim not removed', { exact: true })).toBeVisible();
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Onboarding steps' })
    .getByRole('button', { name: /^Claims and evidence/ })
    .click();
  await expect(removes).toHaveCount(2);

  // Removed: the next claim's Remove takes the focus; with none left, the claim field does.
  await list.getByRole('button', { name: `Remove claim: ${first}` }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('button', { name: `Remove claim: ${first}` })).toHaveCount(0);
  await expect(list.getByRole('button', { name: `Remove claim: ${last}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Your claims' })).toHaveCount(0);
  await expect(page.getByLabel(/^Claim/)).toBeFocused();
});
