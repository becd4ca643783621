import { PRERENDERED_PAGES } from '../prerender.ts';
import { demoAccount, expect, expectNoAxeViolations, login, test } from './support/fixtures.ts';

test.describe('prerendered first pages', () => {
  test('every prerendered page is served with its content, and other paths with the empty shell', async ({
    request,
  }) => {
    for (const path of PRERENDERED_PAGES) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html, path).toMatch(/<h1[^>]*>[^<]+/);
      // One piece: no streaming segments that would need inline script (the CSP forbids it).
      expect(html, path).not.toMatch(/<script>|<template/);
    }
    for (const path of ['/dashboard', '/shop', '/no-such-page']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
    // Paths none of the router's routes matches are the not-found page, answered 404; the
    // router's pages, parameterised ones included, are 200.
    for (const path of ['/no-such-page', '/foo/bar', '/@', '/education/courses']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('<div id="root"></div>');
    }
    for (const path of [
      '/dashboard',
      '/shop',
      '/education/courses/any-course',
      '/vendor/anything',
      '/admin/anything',
      '/signup/affiliate',
    ])
      expect((await request.get(path)).status(), path).toBe(200);
    // Where a role lands after logging in, the shell also preloads that page's code and the API
    // client with the session engine.
    for (const path of ['/dashboard', '/dashboard-vendor', '/admin']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/api-/);
    }
    expect(await (await request.get('/shop')).text()).not.toMatch(/href="\/assets\/api-/);
  });

  test('every prerendered page has one title, its own description, a canonical URL and share tags', async ({
    request,
    baseURL,
  }) => {
    const tag = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);
    for (const path of PRERENDERED_PAGES) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const titles = tag(head, /<title\b[^>]*>([^<]*)<\/title>/g);
      expect(titles, path).toHaveLength(1);
      expect(tag(head, /<meta name="description" content="([^"]*)"/g), path).toHaveLength(1);
      const canonical = new URL(path, baseURL).href;
      expect(tag(head, /<link rel="canonical" href="([^"]*)"/g), path).toEqual([canonical]);
      expect(tag(head, /<meta property="og:url" content="([^"]*)"/g), path).toEqual([canonical]);
      expect(tag(head, /<meta property="og:title" content="([^"]*)"/g), path).toEqual(titles);
      expect(tag(head, /<meta property="og:image" content="([^"]*)"/g), path).toEqual([
        new URL('/share.png', baseURL).href,
      ]);
    }
    const pricing = await (await request.get('/pricing')).text();
    expect(pricing).toContain('<title>Pricing — Verdant</title>');
    expect(pricing).toContain(
      '<meta name="description" content="Monthly plans, billed by card. Cancel at any time from your account.">',
    );
    expect(pricing).toContain(
      '<meta property="og:description" content="Monthly plans, billed by card. Cancel at any time from your account.">',
    );
    // The shell's default title is gone from the head (the page's own replaced it).
    expect(pricing.slice(0, pricing.indexOf('</head>'))).not.toContain(
      'Verdant · Sustainable Affiliate Marketing',
    );
    const image = await request.get('/share.png');
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('without JavaScript the home page and a content page are there', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Earn by recommending products that are better for the planet',
    );
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Verdant');
    // /login is there too, but its form stays disabled until the app runs: nothing can be sent
    // as a plain GET with the password in the address.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Verdant');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await context.close();
  });

  test('the prerendered login form comes alive once the app has taken it over', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeEnabled();
    await expect(page.locator('form')).not.toHaveAttribute('aria-busy', 'true');
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/, { stay: true });
  });

  test('the app takes the page over without a hydration error, then navigates and titles pages', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/about');
    await expect(page).toHaveTitle('About Verdant — Sustainable Affiliate Marketing');
    // The prerendered title and description went back to React before hydration.
    await expect(page.locator('head [data-prerendered]')).toHaveCount(0);
    // Once hydrated, the root no longer claims to hold prerendered HTML: the page is the app's.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    // The shell is live: the sidebar's links navigate inside the app, and the title follows.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).not.toHaveTitle(/About Verdant/);
    // The home page's figures load after hydration.
    await page.goto('/');
    await expect(
      page
        .getByRole('region', { name: 'Verdant today' })
        .getByRole('group', { name: 'Reviewed products' }),
    ).toContainText(/\d/);
    await expectNoAxeViolations(page, 'prerendered home');
    expect(errors, 'console errors').toEqual([]);
  });

  test('the web server draws /@{username} and /s/{slug} with their data; the app takes that HTML over as it is', async ({
    browser,
    request,
  }) => {
    const pages = [
      { path: '/@jordan-rivers', heading: /Jordan/ },
      { path: '/s/jordan-rivers-picks', heading: "Jordan's sustainable picks" },
    ];
    for (const { path } of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<div id="root" data-prerendered="${path}">`);
      expect(html, path).not.toMatch(/<script>|<template/);
    }

    // Without JavaScript the pages are there, products and disclosure included.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const bare = await still.newPage();
    for (const { path, heading } of pages) {
      await bare.goto(path);
      await expect(bare.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
    await expect(bare.getByRole('complementary', { name: 'Disclosure' })).toContainText(
      'earns a commission',
    );
    await expect(bare.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
    await still.close();

    // With it, the app hydrates the server's HTML: the heading the browser parsed is the one the
    // page shows afterwards (a failed hydration would have replaced it), and nothing was logged.
    const live = await browser.newContext();
    const page = await live.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { parsedHeading?: Element | null }).parsedHeading = document.querySelector('h1');
      });
    });
    for (const { path, heading } of pages) {
      const served = /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1];
      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      // The tab keeps the title the server sent.
      await expect(page).toHaveTitle(served!.replace(/&#39;/g, "'"));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const same = await page.evaluate(
        () =>
          (window as { parsedHeading?: Element | null }).parsedHeading ===
          document.querySelector('h1'),
      );
      expect(same, `${path}: the parsed heading is still the page's`).toBe(true);
      await expect(page.locator('head [data-prerendered]')).toHaveCount(0);
      await expectNoAxeViolations(page, `${path} drawn by the server`);
    }
    expect(errors, 'console errors').toEqual([]);
    await live.close();
  });

  test('share previews of /@{username} and /s/{slug} have one title, an absolute image and a large card', async ({
    request,
    baseURL,
  }) => {
    for (const path of ['/@jordan-rivers', '/s/jordan-rivers-picks']) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<title\b/g), path).toHaveLength(1);
      expect(head, path).toContain(
        `<meta property="og:image" content="${new URL('/share.png', baseURL).href}">`,
      );
      expect(head, path).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
    expect(await (await request.get('/s/jordan-rivers-picks')).text()).toContain(
      '<title>Jordan&#39;s sustainable picks — Verdant</title>',
    );
  });

  test('a signed-in visitor loading a prerendered page sees their own state once the session is restored', async ({
    page,
  }) => {
    await login(page, demoAccount('affiliate@verdant.test'), /\/dashboard$/);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveCount(0);
    // A query the HTML was not rendered with: the page renders from scratch with it.
    await page.goto('/contact?subject=Partnership');
    await expect(page.getByLabel('Subject')).toHaveValue('Partnership');
  });
});
