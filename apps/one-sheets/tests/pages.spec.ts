import { expect, test } from '@playwright/test';
import { ROUTES, axeViolations, openLive, openReady } from './support/pages.ts';

const apiUrl = () => process.env.ONE_SHEETS_E2E_API_URL!;

test.describe('every route', () => {
  // axe is injected as a script, which the pages' content security policy rightly refuses. (The
  // screenshot specs run under the policy, so a page it breaks fails there.)
  test.use({ bypassCSP: true });
  for (const route of ROUTES) {
    const what = route.screen ? 'and has no axe violations' : '(print version)';
    test(`${route.path} renders from the built app with live figures ${what}`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // Nor does the app warn (a missing HydrateFallback, say).
      page.on('console', (message) => {
        if (message.type() === 'warning' || message.type() === 'error')
          errors.push(`${message.type()}: ${message.text()}`);
      });
      await openLive(page, route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      // Each page is named for itself in the browser's tab, history and the PDF's title.
      await expect(page).toHaveTitle(route.title);
      const source = page.getByTestId('figures-source');
      if (await source.count()) await expect(source.first()).toHaveAttribute('data-state', 'live');
      if (route.screen) expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

test('the one-sheets carry the program terms, figures, QR code, sign-up URL and disclosure', async ({
  page,
}) => {
  await openLive(page, '/affiliate-one-sheet/print');
  const sheet = page.locator('main.print-sheet');
  await expect(sheet).toContainText('How commissions, cookie windows and holding periods work');
  await expect(sheet).toContainText(/\d+ days typical/);
  await expect(sheet).toContainText('Programs open now');
  await expect(sheet).toContainText('Affiliate disclosure');
  await expect(page.getByTestId('signup-url')).toHaveText(/\/signup\/affiliate$/);
  await expect(page.getByRole('img', { name: /^QR code: Join Verdant/ })).toBeVisible();
  // Exactly one page: the sheet is the paper size and nothing spills out of it.
  const box = await sheet.boundingBox();
  expect(Math.round(box!.width)).toBe(Math.round((210 / 25.4) * 96));
  expect(await sheet.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);

  await openReady(page, '/vendor-one-sheet/print?paper=letter');
  const letter = await page.locator('main.print-sheet').boundingBox();
  expect(Math.round(letter!.width)).toBe(Math.round(8.5 * 96));
  expect(Math.round(letter!.height)).toBe(11 * 96);
});

test('without the backend the pages show a clearly dated fallback', async ({ page }) => {
  // Three page loads, two of them waiting out the page's backend retries and timeout (≈ 8 s each).
  test.setTimeout(150_000);
  // A browser that has seen live figures keeps them, dated, for when the platform is unreachable.
  await openLive(page, '/vendor-one-sheet');
  const source = page.getByTestId('figures-source');
  await expect(source).toHaveAttribute('data-state', 'live');
  await page.route(`${apiUrl()}/**`, (route) => route.abort());
  await openReady(page, '/vendor-one-sheet');
  await expect(source).toHaveAttribute('data-state', 'cached');
  await expect(source).toContainText(
    'The platform could not be reached; these are the last live figures, from',
  );

  // A browser that never saw live figures says so and dates the standard terms.
  await page.evaluate(() => localStorage.clear());
  await openReady(page, '/vendor-one-sheet');
  await expect(source).toHaveAttribute('data-state', 'offline');
  await expect(source).toContainText('Live figures are unavailable (checked');
  await expect(source).toContainText('standard program terms as of 23 November 2026');
  await expect(page.getByText('30 days typical').first()).toBeVisible();
});

test('/one-sheet offers Print and Download PDF for each sheet', async ({ page }) => {
  await openReady(page, '/one-sheet');
  for (const [title, file] of [
    ['Verdant for merchants', 'vendor-one-sheet'],
    ['Verdant for affiliates', 'affiliate-one-sheet'],
  ] as const) {
    await expect(page.getByRole('link', { name: `Download PDF of ${title} (A4)` })).toHaveAttribute(
      'href',
      `/one-sheet/pdf/${file}.pdf`,
    );
    await expect(page.getByRole('link', { name: `Print ${title}` })).toHaveAttribute(
      'href',
      `/${file}/print?autoprint=1`,
    );
  }
  await page.getByRole('link', { name: 'Open Verdant for merchants' }).click();
  await expect(page).toHaveURL(/\/vendor-one-sheet$/);
});

test.describe('presentation', () => {
  test('keys, deep links, notes, full screen and progress', async ({ page }) => {
    await openReady(page, '/presentation#/5');
    const current = page.locator('section[aria-roledescription="slide"]:visible');
    await expect(current).toHaveAttribute('aria-label', /^5 of 11: For affiliates$/);
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-label', 'Slide 5 of 11');

    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#\/6$/);
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/#\/7$/);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/#\/6$/);
    await page.keyboard.press('End');
    await expect(current).toHaveAttribute('aria-label', /^11 of 11: Get started$/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#\/11$/);
    await page.keyboard.press('Home');
    await expect(current).toHaveAttribute('aria-label', /^1 of 11: Verdant$/);

    await expect(page.getByRole('complementary', { name: 'Speaker notes' })).toHaveCount(0);
    await page.keyboard.press('s');
    await expect(page.getByRole('complementary', { name: 'Speaker notes' })).toContainText(
      'one-line pitch',
    );
    await page.keyboard.press('s');
    await expect(page.getByRole('complementary', { name: 'Speaker notes' })).toHaveCount(0);

    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);

    // A deep link straight to the live traction slide.
    await openReady(page, '/presentation#/8');
    await expect(current).toHaveAttribute('aria-label', /^8 of 11: Traction$/);
    await expect(current).toContainText('Live figures as of');
  });

  test('buttons move between slides with a mouse; a key on a focused button steps once', async ({
    page,
  }) => {
    await openReady(page, '/presentation');
    const current = page.locator('section[aria-roledescription="slide"]:visible');
    const previous = page.getByRole('button', { name: 'Previous slide' });
    const next = page.getByRole('button', { name: 'Next slide' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(page).toHaveURL(/#\/2$/);
    await expect(current).toHaveAttribute('aria-label', /^2 of 11: The problem$/);
    await next.click();
    await expect(page).toHaveURL(/#\/3$/);
    await previous.click();
    await expect(page).toHaveURL(/#\/2$/);
    await expect(current).toHaveAttribute('aria-label', /^2 of 11: The problem$/);

    // The focused button answers Space and Enter itself; the deck's keys do not step a second time.
    await next.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/#\/3$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/4$/);
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#\/5$/);
    await previous.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/#\/4$/);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/#\/3$/);

    // At the end Next is disabled but keeps the focus (a disabled button would drop it to the page).
    await next.focus();
    await page.keyboard.press('End');
    await expect(next).toBeDisabled();
    await expect(next).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/11$/);
    await expect(current).toHaveAttribute('aria-label', /^11 of 11: Get started$/);

    const notes = page.getByRole('button', { name: 'Speaker notes' });
    await expect(notes).toHaveAttribute('aria-pressed', 'false');
    await notes.click();
    await expect(notes).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('complementary', { name: 'Speaker notes' })).toContainText(
      'two sign-up codes',
    );
    await notes.click();
    await expect(page.getByRole('complementary', { name: 'Speaker notes' })).toHaveCount(0);

    const fullScreen = page.getByRole('button', { name: 'Full screen' });
    await fullScreen.click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(true);
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'true');
    await fullScreen.click();
    await expect.poll(() => page.evaluate(() => Boolean(document.fullscreenElement))).toBe(false);
    await expect(fullScreen).toHaveAttribute('aria-pressed', 'false');
  });

  test('deep links to missing slides are corrected to the slide shown', async ({ page }) => {
    const current = page.locator('section[aria-roledescription="slide"]:visible');
    for (const [hash, shown] of [
      ['#/99', '11 of 11: Get started'],
      ['#/0', '1 of 11: Verdant'],
      ['#/abc', '1 of 11: Verdant'],
      ['#/05', '5 of 11: For affiliates'],
    ] as const) {
      await openReady(page, `/presentation${hash}`);
      await expect(current).toHaveAttribute('aria-label', shown);
      await expect(page, hash).toHaveURL(new RegExp(`/presentation#/${shown.split(' ')[0]}$`));
    }
    // Also when the address changes on the page, and the wrong address is replaced, not kept.
    const entries = await page.evaluate(() => history.length);
    await page.evaluate(() => {
      location.hash = '#/42';
    });
    await expect(page).toHaveURL(/\/presentation#\/11$/);
    await expect(current).toHaveAttribute('aria-label', '11 of 11: Get started');
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    // A plain address stays plain: it is the first slide.
    await openReady(page, '/presentation');
    await expect(page).toHaveURL(/\/presentation$/);
  });

  test('the last slide fits a phone: readable QR codes, wrapped URLs, buttons on screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openReady(page, '/presentation#/11');
    const current = page.locator('section[aria-roledescription="slide"]:visible');
    await expect(current).toHaveAttribute('aria-label', '11 of 11: Get started');
    const width = 360;
    const codes = current.getByRole('img', { name: /^QR code: sign-up for/ });
    await expect(codes).toHaveCount(2);
    for (const code of await codes.all()) {
      const box = (await code.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(96);
      expect(box.height).toBeGreaterThanOrEqual(96);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    for (const path of ['/signup/vendor', '/signup/affiliate']) {
      const url = current.getByText(new RegExp(`${path}$`));
      const box = (await url.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(width);
    }
    for (const button of await page.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await current.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  test('swipes move between slides on touch screens', async ({ page }) => {
    await openReady(page, '/presentation#/2');
    const swipe = (from: number, to: number) =>
      page.locator('main.deck').evaluate(
        (el, [a, b]) => {
          const touch = (x: number) =>
            new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 });
          el.dispatchEvent(
            new TouchEvent('touchstart', {
              bubbles: true,
              touches: [touch(a!)],
              changedTouches: [touch(a!)],
            }),
          );
          el.dispatchEvent(
            new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(b!)] }),
          );
        },
        [from, to],
      );
    await swipe(900, 300);
    await expect(page).toHaveURL(/#\/3$/);
    await swipe(300, 900);
    await expect(page).toHaveURL(/#\/2$/);
    await swipe(500, 480);
    await expect(page).toHaveURL(/#\/2$/);
  });

  test('prints one slide per landscape page', async ({ page }) => {
    await openReady(page, '/presentation');
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('section[aria-roledescription="slide"]:visible')).toHaveCount(11);
    // The on-screen controls stay off the paper.
    await expect(page.getByRole('button')).toHaveCount(0);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
    expect(doc.numPages).toBe(11);
    const [, , width, height] = (await doc.getPage(1)).view;
    expect(Math.round(width!)).toBe(842);
    expect(Math.round(height!)).toBe(595);
  });
});

test.describe('investors', () => {
  test('the contact form flags every field to fix at once and moves the focus', async ({
    page,
  }) => {
    await openReady(page, '/investors');
    const name = page.getByLabel('Name');
    const email = page.getByLabel('Email');
    const organisation = page.getByLabel('Organisation');
    const message = page.getByLabel('Message');
    const send = page.getByRole('button', { name: 'Send message' });

    // Empty: every required field says what to enter, and the focus goes to the first of them.
    await send.click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Enter your name');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Enter your email address');
    await expect(message).toHaveAttribute('aria-invalid', 'true');
    await expect(message).toHaveAccessibleDescription(/^Enter your message/);
    await expect(organisation).not.toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();

    // Only what is still wrong stays flagged; the focus goes to it.
    await name.fill('Iris Investor');
    await email.fill('iris@example');
    await message.fill('   ');
    await send.click();
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    await expect(message).toHaveAccessibleDescription(/^Enter your message/);
    await expect(email).toBeFocused();

    // What only the API's checks find (a name that is nothing but markup) shows at its field too.
    await name.fill('<b></b>');
    await email.fill(`iris-${Date.now()}@example.com`);
    await message.fill('Please send the deck.');
    await send.click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Enter your name');
    await expect(name).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Sent: the focus moves to the thank-you, not to the page's top.
    await name.fill('Iris Investor');
    await send.click();
    await expect(
      page.getByRole('heading', { name: 'Thank you — your message has been sent.' }),
    ).toBeFocused();
    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(name).toBeFocused();
  });

  test('the contact form stores the message; bad input is refused in place', async ({ page }) => {
    await openReady(page, '/investors');
    await expect(page.getByText('Placeholder', { exact: true })).toBeVisible();
    await expect(page.getByTestId('revenue-source')).toBeVisible();

    await page.getByLabel('Name').fill('Iris Investor');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Message').fill('Please send the deck.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    const email = `iris-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Organisation').fill('Green <b>Capital</b>');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('your message has been sent');

    const response = await page.request.get(
      `${apiUrl()}/rest/v1/contact_messages?email=eq.${encodeURIComponent(email)}&select=source,name,organisation,message`,
      {
        headers: {
          apikey: process.env.ONE_SHEETS_E2E_SERVICE_KEY!,
          authorization: `Bearer ${process.env.ONE_SHEETS_E2E_SERVICE_KEY!}`,
        },
      },
    );
    expect(await response.json()).toEqual([
      {
        source: 'investors',
        name: 'Iris Investor',
        organisation: 'Green Capital',
        message: 'Please send the deck.',
      },
    ]);
  });
});
