import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_HTML_TAGS, sanitizeText } from '../src/index.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

declare global {
  interface Window {
    __xss?: (id: string) => void;
  }
}

const ran: string[] = [];
const CONTROL = '<img src=x onerror=__xss("control")>';

/** Waits until the unsanitised control has fired, so load and error events have been dispatched. */
async function settle(): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!ran.includes('control') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A little longer for handlers that fire after the first error event (animations, focus, toggle).
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Inserts every payload, sanitised, into its own element and pokes each element it produced. */
function insertAll(allowBasicHtml: boolean): HTMLElement[] {
  return XSS_PAYLOADS.map(({ id, html }) => {
    const container = document.createElement('div');
    container.dataset.payload = id;
    container.innerHTML = sanitizeText(html, { allowBasicHtml });
    document.body.append(container);
    // Focus and hover, but no clicks: a click on a link or a submit button would navigate the
    // test page away. Links and forms cannot survive anyway: no element may keep an attribute.
    for (const element of container.querySelectorAll('*')) {
      if (element instanceof HTMLElement) element.focus();
      element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    }
    return container;
  });
}

// Stays defined after the tests, so that a late handler is recorded rather than thrown.
window.__xss = (id) => ran.push(id);

it('uses a corpus of at least 40 payloads', () => {
  expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(40);
});

it('detects a payload that runs (control, not sanitised)', async () => {
  const control = document.createElement('div');
  control.innerHTML = CONTROL;
  document.body.append(control);
  await settle();
  expect(ran).toContain('control');
  control.remove();
});

describe.each([false, true])('sanitised with allowBasicHtml: %s', (allowBasicHtml) => {
  let containers: HTMLElement[] = [];

  beforeAll(async () => {
    ran.length = 0;
    const control = document.createElement('div');
    control.innerHTML = CONTROL;
    document.body.append(control);
    containers = insertAll(allowBasicHtml);
    await settle();
    control.remove();
  });

  afterAll(() => {
    for (const container of containers) container.remove();
  });

  it('runs no script from any payload', () => {
    expect(ran.filter((id) => id !== 'control')).toEqual([]);
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [payload.id, index] as const))(
    '%s leaves only attribute-free basic markup',
    (_id, index) => {
      const container = containers[index]!;
      const allowed: readonly string[] = allowBasicHtml ? BASIC_HTML_TAGS : [];
      for (const element of container.querySelectorAll('*')) {
        expect(allowed).toContain(element.localName);
        expect(element.attributes).toHaveLength(0);
      }
    },
  );
});

describe('plain text (default mode)', () => {
  it('is inert: Chromium parses each result as exactly its own text', () => {
    for (const { html } of XSS_PAYLOADS) {
      const output = sanitizeText(html);
      const container = document.createElement('div');
      container.innerHTML = output;
      expect(container.children).toHaveLength(0);
      expect(container.textContent).toBe(output.replace(/\r\n?/g, '\n'));
    }
  });

  it('is rendered as text, unescaped: "Tom & Jerry" shows as Tom & Jerry', () => {
    const container = document.createElement('div');
    container.textContent = sanitizeText('<b>Tom</b> & Jerry');
    expect(container.textContent).toBe('Tom & Jerry');
    expect(container.innerHTML).toBe('Tom &amp; Jerry');
  });
});
