import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, formsWaitForTheApp, pageDocument, pageFile } from '../../prerender.ts';

const shell = readFileSync(join(__dirname, '..', '..', 'index.html'), 'utf8');

describe('prerendered pages', () => {
  it('puts the rendered page into the root element, marked with its path', () => {
    const html = pageDocument(shell, '/about', '<main><h1>About</h1></main>');
    expect(html).toContain(
      '<div id="root" data-prerendered="/about"><main><h1>About</h1></main></div>',
    );
    expect(html).not.toContain('<div id="root"></div>');
  });

  it("moves the page's leading title and description into the head, ahead of the defaults", () => {
    const html = pageDocument(
      shell,
      '/about',
      '<title>About — Verdant</title><meta name="description" content="Who we are"/><h1>About</h1>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title data-prerendered>About — Verdant</title>');
    expect(head).toContain('<meta data-prerendered name="description" content="Who we are"/>');
    // The page's own title is the document's (the first one); the default stays for later pages.
    expect(head.indexOf('About — Verdant')).toBeLessThan(head.indexOf('<title>Verdant ·'));
    expect(html).toContain('data-prerendered="/about"><h1>About</h1></div>');
  });

  it('leaves a title inside the page where it is', () => {
    const html = pageDocument(shell, '/x', '<h1>X</h1><title>Not leading</title>');
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('Not leading');
  });

  it('refuses a shell without an empty root element', () => {
    expect(() => pageDocument(shell.replace('<div id="root"></div>', ''), '/', '<h1/>')).toThrow(
      /root/,
    );
  });

  it('writes / as index.html and other pages as their folder', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/faq-crawlers')).toBe(join('faq-crawlers', 'index.html'));
    expect(PRERENDERED_PAGES).toContain('/');
    expect(PRERENDERED_PAGES).toContain('/about');
    // The login form is prerendered disabled (formsWaitForTheApp); the build refuses a live one.
    expect(PRERENDERED_PAGES).toContain('/login');
  });

  it('accepts a page whose forms keep every control disabled until the app runs', () => {
    expect(formsWaitForTheApp('<main><h1>About</h1></main>')).toBe(true);
    expect(
      formsWaitForTheApp(
        '<form aria-busy="true"><fieldset class="f" disabled=""><input name="email"/><button>Log in</button></fieldset></form>',
      ),
    ).toBe(true);
  });

  it('refuses a form that could be submitted before the app runs', () => {
    expect(formsWaitForTheApp('<form><input name="password"/></form>')).toBe(false);
    expect(formsWaitForTheApp('<form><fieldset><input/></fieldset></form>')).toBe(false);
    // A control outside the disabled fieldset is live.
    expect(
      formsWaitForTheApp('<form><fieldset disabled=""><input/></fieldset><input/></form>'),
    ).toBe(false);
    expect(formsWaitForTheApp('<form><fieldset disabled=""><input/>')).toBe(false);
  });
});
