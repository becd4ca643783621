import { expect, expectNoAxeViolations, stack, test } from './support/fixtures.ts';

interface Figures {
  approved_products: number;
  approved_merchants: number;
  verified_claims: number;
  affiliates: number;
}

async function liveFigures(): Promise<Figures> {
  const response = await fetch(new URL('/rest/v1/rpc/marketing_figures', stack.apiUrl), {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${stack.anonKey}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(response.ok).toBe(true);
  const rows = (await response.json()) as Figures[];
  return rows[0]!;
}

test.describe('home page', () => {
  test('shows the live platform figures from the database', async ({ page }) => {
    const figures = await liveFigures();
    expect(figures.approved_products).toBeGreaterThan(0);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Verdant today' });
    const expected: [string, number][] = [
      ['Reviewed products', figures.approved_products],
      ['Approved merchants', figures.approved_merchants],
      ['Verified claims', figures.verified_claims],
      ['Creators', figures.affiliates],
    ];
    for (const [label, value] of expected) {
      await expect(section.getByRole('group', { name: label })).toContainText(
        new Intl.NumberFormat('en-US').format(value),
      );
    }
    await expectNoAxeViolations(page, '/');
  });

  test('without the figures the page keeps its copy and leaves the section out', async ({
    page,
  }) => {
    // A 500 (a 503 is PostgREST's "schema cache loading", which supabase-js retries for a GET
    // with back-off for about 7 s before the app's own single retry).
    await page.route('**/rest/v1/rpc/marketing_figures*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    const failed = page.waitForResponse('**/rest/v1/rpc/marketing_figures*');
    await page.goto('/');
    await failed;
    await expect(page.getByRole('heading', { level: 1 })).toContainText('better for the planet');
    await expect(page.getByRole('heading', { name: 'For creators' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verdant today' })).toHaveCount(0, {
      timeout: 15_000,
    });
  });

  test('serves the seed artwork', async ({ request }) => {
    for (const path of [
      '/images/products/cork-yoga-mat.svg',
      '/images/merchants/tidewater-outfitters.svg',
      '/images/courses/honest-claims.svg',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text()).toContain('<title');
    }
  });
});
