import {
  asService,
  expect,
  expectNoAxeViolations,
  login,
  demoAccount,
  stack,
  test,
} from './support/fixtures.ts';

test.describe('the app shell', () => {
  test('home page, navigation, not-found page and zero axe violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('better for the planet');
    await expect(page).toHaveTitle(/Verdant/);
    await expectNoAxeViolations(page, '/');

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Verdant');
  });

  test('the site footer leads to the company, help and legal pages, below the page', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Site' });
    // Below the first screen: it never shows beside a page that is still loading.
    const box = await footer.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(800);
    for (const [group, links] of [
      ['Verdant', ['About', 'How Verdant works', 'Revenue transparency', 'Careers']],
      ['Support', ['Help', 'Frequently asked questions', 'Contact us']],
      ['Legal', ['Privacy', 'Terms', 'Cookies']],
    ] as const)
      await expect(footer.getByRole('list', { name: group }).getByRole('link')).toHaveText([
        ...links,
      ]);
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await footer.scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page, 'the site footer at 360 px');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the collapsed sidebar shows an icon for every entry and stays collapsed after a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    const entries = nav.getByRole('link');
    const count = await entries.count();
    expect(count).toBeGreaterThan(5);
    // Each entry keeps its name and draws its icon, the only thing the rail shows of it.
    for (const entry of await entries.all()) {
      await expect(entry).toHaveAccessibleName(/\S/);
      const icon = entry.locator('svg');
      await expect(icon).toBeVisible();
      expect((await icon.boundingBox())?.width).toBeGreaterThanOrEqual(15);
    }
    await expectNoAxeViolations(page, '/shop with the sidebar collapsed');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.getByRole('button', { name: 'Expand navigation' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
  });

  test('navigating inside the app shows the transition overlay and announces the page that opened', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The overlay shows for a second: the page records what it shows and what its live regions
    // say, so a slow moment of the test runner cannot miss it.
    await page.evaluate(() => {
      const seen = { overlay: false, said: [] as string[] };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-slot="transition-overlay"]')) seen.overlay = true;
        for (const region of document.querySelectorAll('[role="status"]')) {
          const text = region.textContent ?? '';
          if (text && !seen.said.includes(text)) seen.said.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const seen = () =>
      page.evaluate(
        () => (window as unknown as { seen: { overlay: boolean; said: string[] } }).seen,
      );
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect.poll(async () => (await seen()).overlay).toBe(true);
    await expect.poll(async () => (await seen()).said).toContain('Opened Shop — Verdant');
    // Not the old "Loading page" once the page is there; and the overlay leaves by itself, its
    // region falling silent.
    expect((await seen()).said).not.toContain('Loading page');
    await expect(page.locator('[data-slot="transition-overlay"]')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /^Opened / })).toHaveCount(0);
  });

  test('after a link in the page is followed by keyboard, the focus moves to the new page’s content', async ({
    page,
  }) => {
    await page.goto('/');
    // The app owns the prerendered page once its root no longer carries the prerendered marker.
    await page.waitForFunction(
      () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    );
    await page.getByRole('main').getByRole('link', { name: 'Create an account' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signup$/);
    // The link went away with the home page: the focus does not stay lost on the document.
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('main')))
      .toBe(true);

    // A sidebar link keeps the focus: it is still there on the new page.
    const shop = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' });
    await shop.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.locator('[data-slot="transition-overlay"]')).toHaveCount(0);
    await expect(shop).toBeFocused();
  });

  test('a first load brings its own page’s code before drawing it, and no other page’s', async ({
    page,
  }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      const chunk = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
      if (chunk) chunks.push(chunk[1]!);
    });
    // A guarded path is not taken for a one-segment link page (/:handle).
    await page.goto('/vendor');
    await expect(page).toHaveURL(/\/login\?next=%2Fvendor$/);
    expect(chunks).not.toContain('link-page');
    // An open page: its code is in before the first render, so no loading state is ever drawn.
    chunks.length = 0;
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(chunks).toContain('shop');
    expect(chunks).not.toContain('link-page');
  });

  test('a guarded page sends visitors to the login and back after signing in', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await login(page, demoAccount('affiliate@verdant.test'), /\/profile$/, { stay: true });
  });

  test('a visit to / reports its page load time and a demo view to track-engagement', async ({
    page,
    request,
  }) => {
    // A marker in the address picks this visit's rows out of the table.
    const marker = `journey-${Date.now().toString(36)}`;
    await page.goto(`/?from=${marker}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reported = async () => {
      const response = await request.get(
        `${stack.apiUrl}/rest/v1/engagement_metrics?select=metric_type,metric_value,metadata&metadata->>url=like.*${marker}*`,
        { headers: asService() },
      );
      expect(response.status()).toBe(200);
      return (await response.json()) as Array<{
        metric_type: string;
        metric_value: number;
        metadata: Record<string, unknown>;
      }>;
    };
    await expect
      .poll(async () => (await reported()).map((row) => row.metric_type).sort(), {
        timeout: 15_000,
      })
      .toEqual(['demo_view', 'page_load_time']);
    const load = (await reported()).find((row) => row.metric_type === 'page_load_time')!;
    expect(load.metric_value).toBeGreaterThan(0);
    expect(load.metadata).toMatchObject({ url: expect.stringContaining(marker) });
    expect(load.metadata.dom_content_loaded).toEqual(expect.any(Number));
    expect(load.metadata.user_agent).toEqual(expect.any(String));
  });
});
