import { describe, expect, it } from 'vitest';
import { leavesPage } from './confirm-leave.ts';

const here = {
  origin: 'https://verdant.test',
  pathname: '/my-links',
  href: 'https://verdant.test/my-links',
};

function clickOn(html: string, extra: Partial<MouseEvent> = {}) {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-target]') ?? document.body;
  return {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target,
    ...extra,
  } as MouseEvent;
}

describe('leavesPage', () => {
  it('is true for a plain click on a link to another page of the site', () => {
    expect(leavesPage(clickOn('<a href="/shop"><span data-target>Shop</span></a>'), here)).toBe(
      true,
    );
  });

  it('is false for the same page, other sites, new tabs, downloads, modified clicks and non-links', () => {
    expect(leavesPage(clickOn('<a data-target href="/my-links#items">Items</a>'), here)).toBe(
      false,
    );
    expect(leavesPage(clickOn('<a data-target href="https://example.com/">Out</a>'), here)).toBe(
      false,
    );
    expect(leavesPage(clickOn('<a data-target href="/shop" target="_blank">Shop</a>'), here)).toBe(
      false,
    );
    expect(leavesPage(clickOn('<a data-target href="/file.csv" download>CSV</a>'), here)).toBe(
      false,
    );
    expect(
      leavesPage(clickOn('<a data-target href="/shop">Shop</a>', { ctrlKey: true }), here),
    ).toBe(false);
    expect(leavesPage(clickOn('<a data-target href="/shop">Shop</a>', { button: 1 }), here)).toBe(
      false,
    );
    expect(leavesPage(clickOn('<button data-target>Save</button>'), here)).toBe(false);
  });
});
