import { ApiError } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import { errorMessage, isMissingPage } from './error-message.ts';

describe('isMissingPage', () => {
  it('is true for the API client’s not_found and validation_failed, false otherwise', () => {
    expect(isMissingPage(new ApiError('not_found', 'Page not found'))).toBe(true);
    expect(isMissingPage(new ApiError('validation_failed', 'username is not valid'))).toBe(true);
    expect(isMissingPage(new ApiError('forbidden', 'No'))).toBe(false);
    expect(isMissingPage(new TypeError('Failed to fetch'))).toBe(false);
    expect(isMissingPage(null)).toBe(false);
    expect(isMissingPage(undefined)).toBe(false);
  });
});

describe('errorMessage', () => {
  it('reads an error’s message, with a fallback for anything else', () => {
    expect(errorMessage(new ApiError('conflict', 'That name is taken'))).toBe('That name is taken');
    expect(errorMessage('boom')).toBe('Something went wrong. Try again.');
    expect(errorMessage(new Error(''), 'Try later')).toBe('Try later');
  });
});
