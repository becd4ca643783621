import type { Page } from '@playwright/test';
import {
  asService,
  createAccount,
  expect,
  expectNoAxeViolations,
  expectTableFits,
  insertRows,
  login,
  stack,
  test,
} from './support/fixtures.ts';

interface StoredLink {
  id: string;
  code: string;
}

const DAY_MS = 86_400_000;

/** User agents of real browsers, as the tracker reads them (device class and browser name). */
const AGENTS = {
  chromeDesktop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
} as const;

/** A new affiliate with one link (inserted as the service role), on Affiliate Pro or not, logged in. */
async function affiliateWithLink(
  page: Page,
  prefix: string,
  { pro }: { pro: boolean },
): Promise<StoredLink & { title: string }> {
  const account = await createAccount(prefix, 'Fern+Links2026', {
    name: 'Ari Audience',
    role: 'affiliate',
  });
  if (pro) {
    // Bought as /pricing sells it (subscription.spec.ts walks the checkout itself); the trigger
    // puts the plan on the profile, which the session reads at login.
    await insertRows('subscriptions', {
      user_id: account.id,
      tier: 'pro',
      status: 'active',
      current_period_end: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    });
  }
  const title = `${prefix} spring picks`;
  const [link] = await insertRows<StoredLink>('affiliate_links', {
    affiliate_id: account.id,
    code: `${prefix}-${Date.now().toString(36)}`,
    destination_url: `https://example.org/${prefix}`,
    title,
  });
  await login(page, account, /\/dashboard$/);
  return { ...link!, title };
}

/** Counted clicks of a link (bots excluded), read as the service role. */
async function clicksOf(linkId: string): Promise<number> {
  const res = await fetch(
    new URL(`/rest/v1/link_clicks?select=id&is_bot=eq.false&link_id=eq.${linkId}`, stack.apiUrl),
    { headers: asService() },
  );
  return ((await res.json()) as unknown[]).length;
}

test.describe('a link’s audience', () => {
  test('an Affiliate Pro subscriber sees a link’s clicks by device, browser, country and referring site', async ({
    page,
  }) => {
    const link = await affiliateWithLink(page, 'audience', { pro: true });
    // Visitors follow the link in four browsers (two of them from a site), and a link preview
    // unfurls it: the tracker stores the preview as a bot, never a click.
    const visits: [string, string | undefined][] = [
      [AGENTS.chromeDesktop, 'https://www.instagram.com/p/spring/'],
      [AGENTS.firefoxDesktop, 'https://www.google.com/search?q=spring'],
      [AGENTS.iPhone, undefined],
      [AGENTS.iPad, 'https://instagram.com/stories/'],
      [AGENTS.slack, 'https://slack.com/'],
    ];
    for (const [agent, referer] of visits) {
      const response = await page.request.get(`/go/${link.code}`, {
        maxRedirects: 0,
        headers: { 'user-agent': agent, ...(referer ? { referer } : {}) },
      });
      expect(response.status()).toBe(302);
    }
    // The tracker writes its clicks in batches, after answering.
    await expect.poll(() => clicksOf(link.id), { timeout: 10_000 }).toBe(4);
    // This stack trusts no country header (TRUSTED_COUNTRY_HEADER is for a CDN in front): two
    // clicks as a CDN's country header would have them stored.
    await insertRows('link_clicks', [
      {
        link_id: link.id,
        visitor_hash: 'audience-e2e-visitor-de',
        device: 'mobile',
        browser: 'Chrome',
        country: 'DE',
        referrer: 'www.pinterest.com',
      },
      {
        link_id: link.id,
        visitor_hash: 'audience-e2e-visitor-br',
        device: 'mobile',
        browser: 'Samsung Internet',
        country: 'BR',
        referrer: null,
      },
    ]);

    await page.goto('/affiliate-links');
    await page.getByRole('button', { name: `Stats for /go/${link.code}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: link.title })).toBeFocused();
    await expect(page.getByText('6 clicks')).toBeVisible();
    const audience = page.getByRole('region', { name: 'Audience' });
    await expect(audience).toContainText('Where the clicks of the last 30 days came from');

    const rowsOf = async (caption: string) => {
      const table = audience.getByRole('table', { name: caption });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      return (await table.getByRole('row').allInnerTexts())
        .slice(1)
        .map((text) => text.split(/\s*\n\s*|\t+/).filter(Boolean));
    };
    await expect
      .poll(() => rowsOf('Devices'))
      .toEqual([
        ['Mobile', '3', '50.0 %'],
        ['Desktop', '2', '33.3 %'],
        ['Tablet', '1', '16.7 %'],
      ]);
    expect(await rowsOf('Browsers')).toEqual([
      ['Chrome', '2', '33.3 %'],
      ['Mobile Safari', '2', '33.3 %'],
      ['Firefox', '1', '16.7 %'],
      ['Samsung Internet', '1', '16.7 %'],
    ]);
    // Country names come from the browser (Intl.DisplayNames); no header, no country.
    expect(await rowsOf('Countries')).toEqual([
      ['Unknown', '4', '66.7 %'],
      ['Brazil', '1', '16.7 %'],
      ['Germany', '1', '16.7 %'],
    ]);
    // Sites by host name, "www." or not; no referrer is direct (a QR code, a bookmark, an app).
    expect(await rowsOf('Referring sites')).toEqual([
      ['instagram.com', '2', '33.3 %'],
      ['Direct or unknown', '2', '33.3 %'],
      ['google.com', '1', '16.7 %'],
      ['pinterest.com', '1', '16.7 %'],
    ]);
    for (const caption of ['Devices', 'Browsers', 'Countries', 'Referring sites'])
      await expectTableFits(audience.getByRole('table', { name: caption }), caption);
    await expect(audience.getByRole('link', { name: 'See Affiliate Pro' })).toHaveCount(0);
    await expectNoAxeViolations(page, '/affiliate-links with a link’s audience');
    await audience.screenshot({ path: test.info().outputPath('audience-1280.png') });

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(audience.getByRole('table', { name: 'Countries' })).toBeVisible();
    await expectNoAxeViolations(page, '/affiliate-links with a link’s audience at 360 px');
    await audience.screenshot({ path: test.info().outputPath('audience-360.png') });
  });

  test('an affiliate without Affiliate Pro is offered it in place of the audience, and nothing is asked of the server', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/link_audience')) asked.push(request.url());
    });
    const link = await affiliateWithLink(page, 'free-audience', { pro: false });
    await page.goto('/affiliate-links');
    await page.getByRole('button', { name: `Stats for /go/${link.code}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: link.title })).toBeFocused();
    const audience = page.getByRole('region', { name: 'Audience' });
    await expect(
      audience.getByText(
        'See where your clicks come from — devices, browsers, countries and referring sites — with Affiliate Pro.',
      ),
    ).toBeVisible();
    await expect(audience.getByRole('table')).toHaveCount(0);
    const offer = audience.getByRole('link', { name: 'See Affiliate Pro' });
    await expect(offer).toHaveAttribute('href', '/pricing');
    await expectNoAxeViolations(page, '/affiliate-links with the Affiliate Pro offer');
    await page.setViewportSize({ width: 360, height: 800 });
    await audience.screenshot({ path: test.info().outputPath('audience-offer-360.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await offer.click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(asked).toEqual([]);
  });
});
