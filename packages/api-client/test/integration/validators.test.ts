import fc from 'fast-check';
import { RESERVED_USERNAMES } from '@verdant/validation';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { USERNAME_PATTERN, newUsername, slug, url } from '../../src/validate.ts';
import { useWorld } from './world.ts';

/*
 * The client refuses bad input before any request; it must refuse exactly what the database's
 * own checks refuse, or valid input would be blocked (or invalid input sent). These properties
 * compare the client validators with the database functions the constraints use.
 */
const w = useWorld();

function accepts(check: () => unknown): boolean {
  try {
    check();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'validation_failed') return false;
    throw error;
  }
}

const slugChars = fc.constantFrom(...'abcxyz019-_A .'.split(''));
const slugCandidates = fc.oneof(
  fc.string({ unit: slugChars, minLength: 0, maxLength: 70 }),
  fc.constantFrom('ab', 'abc', 'a-b', 'a--b', '-ab', 'ab-', 'a'.repeat(64), 'a'.repeat(65), 'Ab1'),
);

const urlCandidates = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    '/images/a.svg',
    '//evil.test/x',
    '/',
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://files.test/a',
    'https://x.test/a b',
    `https://x.test/${'a'.repeat(2100)}`,
    'https://verdant.test/path?q=1#top',
    'mailto:a@b.test',
  ),
);

const usernameCandidates = fc.oneof(
  fc.constantFrom(...RESERVED_USERNAMES),
  fc.constantFrom(...RESERVED_USERNAMES).map((name) => `${name}-1`),
  fc.constantFrom('verdant', 'verdant-hq', 'verdant_team', 'green-verdant', 'avery', 'Admin'),
  fc.string({ unit: fc.constantFrom(...'adminverts-_1'.split('')), minLength: 3, maxLength: 12 }),
);

describe('client validators agree with the database', () => {
  it('slugs: slug() accepts exactly what public.is_url_slug accepts', async () => {
    await fc.assert(
      fc.asyncProperty(slugCandidates, async (value) => {
        const { data, error } = await w.service.rpc('is_url_slug', { value });
        expect(error).toBeNull();
        expect(accepts(() => slug('slug', value))).toBe(data);
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('usernames: newUsername() refuses exactly the well-formed names public.is_reserved_username reserves', async () => {
    await fc.assert(
      fc.asyncProperty(usernameCandidates, async (value) => {
        if (!USERNAME_PATTERN.test(value)) return;
        const { data, error } = await w.service.rpc('is_reserved_username', { value });
        expect(error).toBeNull();
        expect(accepts(() => newUsername('username', value))).toBe(!data);
      }),
      { numRuns: 200, seed: 20261129 },
    );
  });

  it('URLs: whatever url(…, sitePath) lets through, public.is_web_or_site_url accepts', async () => {
    await fc.assert(
      fc.asyncProperty(urlCandidates, async (value) => {
        let sent: string;
        try {
          sent = url('url', value, true); // the normalised value the client would send
        } catch (error) {
          if (error instanceof ApiError && error.code === 'validation_failed') return;
          throw error;
        }
        const { data, error } = await w.service.rpc('is_web_or_site_url', { value: sent });
        expect(error).toBeNull();
        expect(data).toBe(true);
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });
});
