import { afterEach, describe, expect, it } from 'vitest';
import {
  PAGE_VIEW_ID,
  linkPageQueryKey,
  publicPageQueryKey,
  sentPageMissing,
  sentPageQuery,
  sentPageView,
  storefrontQueryKey,
} from './page-view.ts';

afterEach(() => {
  document.getElementById(PAGE_VIEW_ID)?.remove();
});

/** Puts a page-view script into the document as the web server writes it. */
function send(path: string, json: string, { missing = false } = {}) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = PAGE_VIEW_ID;
  script.dataset.path = path;
  if (missing) script.dataset.missing = '';
  script.textContent = json;
  document.head.append(script);
}

describe('sentPageMissing', () => {
  it('is true only for the page the server marked as missing', () => {
    expect(sentPageMissing('/@nobody')).toBe(false);
    send('/@nobody', 'null', { missing: true });
    expect(sentPageMissing('/@nobody')).toBe(true);
    expect(sentPageMissing('/@NoBody')).toBe(true);
    expect(sentPageMissing('/@somebody')).toBe(false);
    // The marker is no data: the page's query is left to ask for another page.
    expect(sentPageView('/@nobody')).toBeUndefined();
    expect(sentPageQuery('/@nobody')).toEqual({});
  });

  it('is false for a page sent with its data', () => {
    send('/s/picks', '{"storefront":{}}');
    expect(sentPageMissing('/s/picks')).toBe(false);
  });
});

describe('sentPageView', () => {
  it('answers the data sent for this page, with escaped characters restored', () => {
    send('/@jordan-rivers', '{"page":{"title":"Jordan","bio":"\\u003cb> & more"},"items":[]}');
    expect(sentPageView('/@jordan-rivers')).toEqual({
      page: { title: 'Jordan', bio: '<b> & more' },
      items: [],
    });
    // Usernames and slugs have no case: /@Jordan-Rivers is the same page.
    expect(sentPageView('/@Jordan-Rivers')).toMatchObject({ page: { title: 'Jordan' } });
  });

  it('answers nothing for another page, without a script, or for JSON that does not parse', () => {
    expect(sentPageView('/@jordan-rivers')).toBeUndefined();
    send('/@jordan-rivers', '{"page":{}}');
    expect(sentPageView('/@aisha-zero')).toBeUndefined();
    expect(sentPageView('/s/jordan-rivers')).toBeUndefined();
    document.getElementById(PAGE_VIEW_ID)?.remove();
    send('/s/picks', '{"storefront":');
    expect(sentPageView('/s/picks')).toBeUndefined();
    expect(sentPageView('/s/picks', undefined)).toBeUndefined();
  });
});

describe('sentPageQuery', () => {
  it('starts the query from the sent data, dated when the document was requested', () => {
    send('/s/picks', '{"storefront":{"title":"Picks"}}');
    const options = sentPageQuery<{ storefront: { title: string } }>('/s/picks');
    expect(options.initialData).toEqual({ storefront: { title: 'Picks' } });
    expect(options.initialDataUpdatedAt).toBe(Math.round(performance.timeOrigin));
    expect(options.initialDataUpdatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('leaves the query to ask when nothing was sent for the page', () => {
    expect(sentPageQuery('/s/picks')).toEqual({});
    send('/s/other', '{}');
    expect(sentPageQuery('/s/picks')).toEqual({});
  });
});

describe('publicPageQueryKey', () => {
  it('names the query of a link page or a storefront as the pages ask for it', () => {
    expect(publicPageQueryKey('/@jordan-rivers')).toEqual(linkPageQueryKey('jordan-rivers'));
    expect(publicPageQueryKey('/s/jordan-rivers-picks/')).toEqual(
      storefrontQueryKey('jordan-rivers-picks'),
    );
    // The path as the browser has it: escapes are read as the router reads them.
    expect(publicPageQueryKey('/@ma%20ya')).toEqual(linkPageQueryKey('ma ya'));
  });

  it('names nothing for other paths or a malformed escape', () => {
    for (const path of ['/', '/@', '/s/', '/s/a/b', '/shop', '/@a/b', '/@%E0']) {
      expect(publicPageQueryKey(path), path).toBeUndefined();
    }
  });
});
