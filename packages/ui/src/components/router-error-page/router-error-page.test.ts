import { describe, expect, it } from 'vitest';
import { describeRouteError } from './router-error-page.tsx';

describe('describeRouteError', () => {
  it.each([
    [{ status: 404, statusText: 'Not Found', data: null }, '404 Not Found'],
    [{ status: 500 }, '500'],
    [new Error('Cannot read the profile'), 'Cannot read the profile'],
    ['Chunk failed to load', 'Chunk failed to load'],
    [null, 'Unknown error'],
    [{}, 'Unknown error'],
  ])('%o → %s', (error, expected) => {
    expect(describeRouteError(error)).toBe(expected);
  });
});
