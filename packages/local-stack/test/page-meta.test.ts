import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectPageMeta } from '../src/web.ts';
import { startTestStack, type RunningStack } from '../src/testing.ts';

// Share previews of public pages: the page-meta function and the web server that puts its tags
// into the HTML for /@{username} and /s/{slug}, against a real seeded stack.

const PAGE = `<!doctype html><html><head>
<meta charset="utf-8" />
<meta
  name="description"
  content="The generic app description."
/>
<title>Verdant · Sustainable Affiliate Marketing</title></head><body><div id="root"></div></body></html>`;

let stack: RunningStack;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'verdant-page-meta-'));
  await writeFile(path.join(webRoot, 'index.html'), PAGE);
  // The build's shell for link pages preloads the page's code; storefronts have none here.
  await writeFile(
    path.join(webRoot, 'link-page.html'),
    PAGE.replace('</head>', '<link rel="modulepreload" href="/assets/link-page.js"></head>'),
  );
  stack = await startTestStack({ webRoot });
  // A storefront that exists but is not published, and a link page with HTML in its bio.
  await stack.pool.query(
    `insert into public.storefronts (owner_id, slug, title, is_published)
     select id, 'draft-picks-meta', 'Draft picks', false from public.profiles where username = 'jordan-rivers'`,
  );
  await stack.pool.query(
    `update public.link_pages set bio = 'Low-waste <b>"living"</b> & more'
     where owner_id = (select id from public.profiles where username = 'jordan-rivers')`,
  );
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (webRoot) await rm(webRoot, { recursive: true, force: true });
});

/** The page data the server sent with a page's HTML: its path and the parsed JSON. */
const pageView = (html: string) => {
  const match =
    /<script type="application\/json" id="verdant-page-view" data-path="([^"]*)">([^<]*)<\/script>/.exec(
      html,
    );
  expect(match, 'the page-view script').not.toBeNull();
  return { path: match![1], data: JSON.parse(match![2]!) as unknown };
};

const meta = (pagePath: string, init?: RequestInit) =>
  fetch(`${stack.apiUrl}/functions/v1/page-meta?path=${encodeURIComponent(pagePath)}`, init);

describe('the page-meta function', () => {
  it('answers title, description, canonical URL and Open Graph/Twitter tags for a link page', async () => {
    const res = await meta('/@jordan-rivers');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      title: string;
      description: string;
      canonical: string;
      tags: { attribute: string; key: string; content: string }[];
    };
    expect(body.title).toBe('Jordan Rivers (@jordan-rivers) — Verdant');
    expect(body.description).toBe('Low-waste <b>"living"</b> & more');
    expect(body.canonical).toBe(`${stack.webUrl}/@jordan-rivers`);
    const tag = (key: string) => body.tags.find((t) => t.key === key)?.content;
    expect(tag('og:title')).toBe(body.title);
    expect(tag('og:url')).toBe(body.canonical);
    expect(tag('og:type')).toBe('profile');
    expect(tag('twitter:description')).toBe(body.description);
    // No avatar: the site's share image, as an absolute URL, shown large.
    expect(tag('og:image')).toBe(`${stack.webUrl}/share.png`);
    expect(tag('twitter:image')).toBe(`${stack.webUrl}/share.png`);
    expect(tag('twitter:card')).toBe('summary_large_image');
  });

  it('answers for a published storefront with the title the page shows', async () => {
    const res = await meta('/s/jordan-rivers-picks');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      title: string;
      canonical: string;
      description: string;
      image: string;
      tags: { key: string; content: string }[];
    };
    // As the app titles the page (routes/storefront.tsx), so the tab does not change once it runs.
    expect(body.title).toBe("Jordan's sustainable picks — Verdant");
    expect(body.tags.find((t) => t.key === 'og:title')?.content).toBe(body.title);
    expect(body.description).toBe('Things I use every week and would buy again.');
    expect(body.canonical).toBe(`${stack.webUrl}/s/jordan-rivers-picks`);
    // The seed's product artwork is SVG, which crawlers do not show: the site's share image.
    expect(body.image).toBe(`${stack.webUrl}/share.png`);
  });

  it("shows the creator's avatar, or the storefront's first product image, as the share image", async () => {
    const owner = `(select id from public.profiles where username = 'jordan-rivers')`;
    const first = await stack.pool.query<{ id: string; images: string[] }>(
      `select p.id, p.images from public.storefront_items i
       join public.storefronts s on s.id = i.storefront_id
       join public.products p on p.id = i.product_id
       where s.slug = 'jordan-rivers-picks' order by i.position, i.product_id limit 1`,
    );
    const product = first.rows[0]!;
    await stack.pool.query(
      `update public.link_pages set avatar_url = '/storage/v1/object/public/avatars/jordan.png' where owner_id = ${owner}`,
    );
    await stack.pool.query(`update public.products set images = $2 where id = $1`, [
      product.id,
      ['https://cdn.verdant.test/products/first.jpg', ...product.images],
    ]);
    try {
      const tag = async (pagePath: string, key: string) =>
        (
          (await (await meta(pagePath)).json()) as { tags: { key: string; content: string }[] }
        ).tags.find((t) => t.key === key)?.content;
      expect(await tag('/@jordan-rivers', 'og:image')).toBe(
        `${stack.webUrl}/storage/v1/object/public/avatars/jordan.png`,
      );
      expect(await tag('/@jordan-rivers', 'twitter:card')).toBe('summary_large_image');
      expect(await tag('/s/jordan-rivers-picks', 'og:image')).toBe(
        'https://cdn.verdant.test/products/first.jpg',
      );
      expect(await tag('/s/jordan-rivers-picks', 'twitter:image')).toBe(
        'https://cdn.verdant.test/products/first.jpg',
      );
    } finally {
      await stack.pool.query(
        `update public.link_pages set avatar_url = null where owner_id = ${owner}`,
      );
      await stack.pool.query(`update public.products set images = $2 where id = $1`, [
        product.id,
        product.images,
      ]);
    }
  });

  it('answers 404 for unknown users, unknown and unpublished storefronts', async () => {
    for (const pagePath of ['/@nobody-here', '/s/no-such-shop', '/s/draft-picks-meta', '/@A!']) {
      const res = await meta(pagePath);
      expect(res.status, pagePath).toBe(404);
      expect(await res.json()).toHaveProperty('error');
    }
  });

  it("describes a certificate by its holder's public name, course and date", async () => {
    const { rows } = await stack.pool.query<{ name: string; title: string; issued: Date }>(
      `select p.name, c.title, cert.issued_at as issued from public.certificates cert
       join public.profiles p on p.id = cert.user_id join public.courses c on c.id = cert.course_id
       where cert.code = 'VRDT-A1C1-2026'`,
    );
    const row = rows[0]!;
    // The address as typed: the code is read upper-cased, as the page reads it.
    const res = await meta('/education/certificates/vrdt-a1c1-2026');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      title: string;
      description: string;
      canonical: string;
      view: unknown;
      tags: { key: string; content: string }[];
    };
    expect(body.title).toBe('Certificate VRDT-A1C1-2026 — Verdant Education');
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      row.issued,
    );
    expect(body.description).toBe(
      `${row.name} completed the course “${row.title}” on Verdant Education, certified on ${date}.`,
    );
    expect(body.canonical).toBe(`${stack.webUrl}/education/certificates/VRDT-A1C1-2026`);
    expect(body.tags.find((t) => t.key === 'og:image')?.content).toBe(`${stack.webUrl}/share.png`);
    // Nothing beyond what verify_certificate reveals: no data for the page to draw.
    expect(body.view).toBeNull();
  });

  it('answers 404 for unknown certificate codes and codes of another form', async () => {
    for (const code of ['ZZZZ-ZZZZ-ZZZZ', 'not-a-code', 'VRDT-A1C1-2026-X', '%27%3B']) {
      const res = await meta(`/education/certificates/${code}`);
      expect(res.status, code).toBe(404);
      expect(await res.json()).toEqual({ error: 'No such certificate' });
    }
  });

  it('refuses other paths and methods with a clear 4xx', async () => {
    for (const pagePath of ['/dashboard', '', '/s/a/b', '/@']) {
      const res = await meta(pagePath);
      expect(res.status, pagePath).toBe(400);
      expect((await res.json()) as { error: string }).toMatchObject({
        error: 'path must be /@{username}, /s/{slug} or /education/certificates/{code}',
      });
    }
    const post = await meta('/@jordan-rivers', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
  });
});

describe('the web server', () => {
  it('sends /@{username} with its own title, canonical link and escaped meta tags', async () => {
    // Uncompressed, so the length header can be checked against the text.
    const res = await fetch(`${stack.webUrl}/@jordan-rivers`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Jordan Rivers (@jordan-rivers) — Verdant</title>');
    expect(html).toContain(`<link rel="canonical" href="${stack.webUrl}/@jordan-rivers">`);
    expect(html).toContain(
      '<meta property="og:description" content="Low-waste &#60;b&#62;&#34;living&#34;&#60;/b&#62; &#38; more">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:image" content="${stack.webUrl}/share.png">`);
    expect(html).not.toContain('The generic app description.');
    expect(html).not.toContain('<b>');
    // The page's data comes with it, as the public_link_page function answers it.
    const view = pageView(html);
    expect(view.path).toBe('/@jordan-rivers');
    const { rows } = await stack.pool
      .query(`set local role anon; select public.public_link_page('jordan-rivers') as view`)
      .then((results) => (results as unknown as { rows: { view: unknown }[] }[])[1]!);
    expect(view.data).toEqual(rows[0]!.view);
    expect(view.data).toMatchObject({ page: { bio: 'Low-waste <b>"living"</b> & more' } });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<link rel="modulepreload" href="/assets/link-page.js">');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });

  it('sends /s/{slug} with its tags', async () => {
    const res = await fetch(`${stack.webUrl}/s/jordan-rivers-picks`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      `<meta property="og:url" content="${stack.webUrl}/s/jordan-rivers-picks">`,
    );
    expect(html).toContain(
      '<meta name="description" content="Things I use every week and would buy again.">',
    );
    expect(html).not.toContain('modulepreload');
    // The first row's product images are asked for with the HTML, as the page's <img> sources.
    const preloads = [
      ...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g),
    ].map((m) => m[1]);
    expect(preloads).toHaveLength(2);
    for (const image of preloads) expect(image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
    const view = pageView(html);
    expect(view.path).toBe('/s/jordan-rivers-picks');
    expect(view.data).toMatchObject({
      storefront: { slug: 'jordan-rivers-picks', is_published: true },
      owner: { username: 'jordan-rivers' },
      products: expect.arrayContaining([
        expect.objectContaining({
          product_claims: expect.any(Array),
          merchant_claims: expect.any(Array),
        }),
      ]),
    });
  });

  it('answers unknown usernames and slugs with a real 404 that still carries the app', async () => {
    for (const pagePath of ['/@nobody-here', '/s/no-such-shop', '/s/draft-picks-meta']) {
      const res = await fetch(`${stack.webUrl}${pagePath}`);
      expect(res.status, pagePath).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('og:title');
      // Titled as the not-found page, kept out of indexes, and marked as missing (no data), so
      // the app shows its not-found page without asking the API first.
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe('Page not found — Verdant');
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain(
        `<script type="application/json" id="verdant-page-view" data-path="${pagePath}" data-missing>null</script>`,
      );
      expect(html.includes('/assets/link-page.js')).toBe(pagePath.startsWith('/@'));
    }
  });

  it('sends a certificate with its share tags, and an unknown one as a real 404 with the app', async () => {
    const res = await fetch(`${stack.webUrl}/education/certificates/VRDT-A1C1-2026`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Certificate VRDT-A1C1-2026 — Verdant Education</title>');
    expect(html).toContain(
      `<link rel="canonical" href="${stack.webUrl}/education/certificates/VRDT-A1C1-2026">`,
    );
    expect(html).toContain('<meta property="og:description" content="');
    expect(html).not.toContain('The generic app description.');
    expect(html).not.toContain('verdant-page-view');
    const missing = await fetch(`${stack.webUrl}/education/certificates/ZZZZ-ZZZZ-ZZZZ`);
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    // The app, which says "Certificate not verified" itself: no missing-page marker, no tags.
    expect(missingHtml).toContain('<div id="root"></div>');
    expect(missingHtml).not.toContain('og:title');
    expect(missingHtml).not.toContain('verdant-page-view');
  });

  it('leaves other app paths alone', async () => {
    const res = await fetch(`${stack.webUrl}/dashboard`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('The generic app description.');
    expect(html).not.toContain('og:title');
  });
});

describe('injectPageMeta', () => {
  it('adds a title when the page has none and escapes every value', () => {
    const html = injectPageMeta('<html><head></head><body></body></html>', {
      title: 'A & B',
      canonical: 'https://verdant.example/@a"b',
      tags: [{ attribute: 'property', key: 'og:title', content: '<script>' }],
    });
    expect(html).toContain('<title>A &#38; B</title>');
    expect(html).toContain('href="https://verdant.example/@a&#34;b"');
    expect(html).toContain('content="&#60;script&#62;"');
    expect(html).not.toContain('<script>');
  });

  it('sends the page data as JSON that no value can break out of', () => {
    const view = { page: { bio: '</script><script>alert(1)</script> & <!--' } };
    const html = injectPageMeta('<html><head></head><body></body></html>', {
      title: 'A',
      canonical: 'https://verdant.example/@a-b',
      tags: [],
      view,
    });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const parsed = pageView(html);
    expect(parsed).toEqual({ path: '/@a-b', data: view });
    // Only site paths and web URLs are preloaded, escaped.
    const preloaded = injectPageMeta('<html><head></head></html>', {
      title: 'A',
      canonical: 'https://verdant.example/@a',
      tags: [],
      preload: [
        '/images/a.svg?x="1"',
        'https://cdn.example/b.png',
        'javascript:alert(1)',
        '//evil.example/c.png',
        'data:image/png;base64,AA',
      ],
    });
    expect(
      [...preloaded.matchAll(/rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]),
    ).toEqual(['/images/a.svg?x=&#34;1&#34;', 'https://cdn.example/b.png']);
    // Without data, or with a canonical URL that does not parse, there is no script.
    for (const meta of [
      { title: 'A', canonical: 'https://verdant.example/@a', tags: [] },
      { title: 'A', canonical: 'not a url', tags: [], view },
    ])
      expect(injectPageMeta('<html><head></head></html>', meta)).not.toContain('<script');
  });
});
