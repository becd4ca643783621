import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  RESERVED_USERNAMES,
  RESERVED_USERNAME_MESSAGE,
  RESERVED_USERNAME_PREFIX,
  isReservedUsername,
  isUsername,
} from './usernames.ts';

describe('isReservedUsername', () => {
  it.each([
    'admin',
    'administrator',
    'root',
    'verdant',
    'support',
    'help',
    'staff',
    'moderator',
    'mod',
    'security',
    'billing',
    'payments',
    'api',
    'www',
    'mail',
    'official',
    'team',
    'system',
    'null',
    'undefined',
    'login',
    'signup',
    'shop',
    'products',
    'cart',
    'pricing',
    'dashboard',
    'profile',
    'about',
    'contact',
    'terms',
    'privacy',
    'go',
    's',
  ])('reserves %j', (name) => {
    expect(RESERVED_USERNAMES).toContain(name);
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['verdant-team', 'verdantofficial', 'verdant_support', 'verdant2'])(
    'reserves %j, which starts with "verdant"',
    (name) => expect(isReservedUsername(name)).toBe(true),
  );

  it('compares in lower case, without surrounding spaces', () => {
    expect(isReservedUsername('Admin')).toBe(true);
    expect(isReservedUsername(' SUPPORT ')).toBe(true);
    expect(isReservedUsername('VerdantHQ')).toBe(true);
  });

  it.each([
    'avery',
    'jordan-rivers',
    'admins-fan',
    'the-admin',
    'supporter',
    'shopkeeper',
    'green-verdant',
    'mod-squad',
    'demo-user',
  ])('leaves %j free', (name) => expect(isReservedUsername(name)).toBe(false));

  it('lists names once, in lower case, and has a message for people', () => {
    expect(new Set(RESERVED_USERNAMES).size).toBe(RESERVED_USERNAMES.length);
    for (const name of RESERVED_USERNAMES) expect(name).toBe(name.toLowerCase());
    expect(RESERVED_USERNAME_PREFIX).toBe('verdant');
    expect(RESERVED_USERNAME_MESSAGE).toBe('That username is reserved. Choose another.');
  });

  it('reserves the first path segment of every page of the app', () => {
    // The app's route table: a page added there must not be shadowed by a user's name.
    const router = readFileSync(
      new URL('../../../apps/platform/src/router.tsx', import.meta.url),
      'utf8',
    );
    const segments = [...router.matchAll(/\bpage\(\s*'([^']+)'/g)]
      .map(([, path]) => path!.split('/')[0]!)
      .filter((segment) => !segment.startsWith(':') && segment !== '*');
    expect(segments.length).toBeGreaterThan(30);
    expect(segments.filter((segment) => !isReservedUsername(segment))).toEqual([]);
  });
});

describe('isUsername', () => {
  it.each(['jordan-rivers', 'abc', 'a_b', 'x1y', '0zero9', `a${'b'.repeat(30)}c`])(
    'accepts %j',
    (name) => expect(isUsername(name)).toBe(true),
  );

  it.each([
    '',
    'ab',
    'Jordan',
    ' jordan',
    '-jordan',
    'jordan_',
    'jo rdan',
    '../etc',
    'ünïcode',
    `a${'b'.repeat(31)}c`,
    42,
    null,
    undefined,
    { username: 'jordan' },
  ])('refuses %j', (value) => expect(isUsername(value)).toBe(false));
});
