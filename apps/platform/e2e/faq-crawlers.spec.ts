import { FAQ } from '../src/routes/content/faq.ts';
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts';

interface FaqPage {
  '@context': string;
  '@type': string;
  mainEntity: {
    '@type': string;
    name: string;
    acceptedAnswer: { '@type': string; text: string };
  }[];
}

/** The JSON-LD blocks of an HTML document, parsed. */
function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as unknown,
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** HTML text with its character references resolved (decimal, hexadecimal and the named five). */
const unescape = (text: string) =>
  text.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi, (_match, dec, hex, name) =>
    dec
      ? String.fromCharCode(Number(dec))
      : hex
        ? String.fromCharCode(parseInt(hex as string, 16))
        : ENTITIES[(name as string).toLowerCase()]!,
  );

test.describe('/faq-crawlers for crawlers', () => {
  test('the served HTML holds every question and answer and a FAQPage with the same count', async ({
    request,
  }) => {
    const response = await request.get('/faq-crawlers');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const text = unescape(html);
    for (const item of FAQ) {
      expect(text).toContain(`<dt><strong>${item.question}</strong></dt>`);
      expect(text).toContain(`<dd>${item.answer}</dd>`);
    }
    // The page's own title is the head's one title, in place of the app's default.
    expect(text).toMatch(/<head>[\s\S]*?<title[^>]*>Frequently asked questions — Verdant<\/title>/);
    const head = text.slice(0, text.indexOf('</head>'));
    expect(head.match(/<title[\s>]/g)).toHaveLength(1);

    const blocks = jsonLd(html) as FaqPage[];
    expect(blocks).toHaveLength(1);
    const [faq] = blocks;
    expect(faq).toMatchObject({ '@context': 'https://schema.org', '@type': 'FAQPage' });
    expect(faq!.mainEntity).toHaveLength(FAQ.length);
    expect(faq!.mainEntity).toEqual(
      FAQ.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    );
    // The server's security headers apply to the prerendered page as to the app.
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  });

  test('without JavaScript the FAQ is readable; with it, the app shows the same and one FAQPage', async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto('/faq-crawlers');
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
    await expect(plain.getByRole('term')).toHaveText(FAQ.map((item) => item.question));
    await expect(plain.getByRole('definition')).toHaveText(FAQ.map((item) => item.answer));
    await noScript.close();

    // The app takes over (the fixture fails on any CSP report) and keeps one FAQPage block.
    await page.goto('/faq-crawlers');
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('term')).toHaveText(FAQ.map((item) => item.question));
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await expectNoAxeViolations(page, '/faq-crawlers');
  });
});
