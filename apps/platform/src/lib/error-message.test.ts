import { ApiError } from '@verdant/api-client';
import { describe, expect, it } from 'vitest';
import {
  errorCode,
  errorMessage,
  fieldLabel,
  formError,
  isMissingPage,
  plainTextWords,
  upstreamCode,
} from './error-message.ts';

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

describe('errorMessage for the API client’s input checks', () => {
  it('names the field in words instead of by its path', () => {
    const check = (field: string, reason: string) =>
      new ApiError('validation_failed', `${field} ${reason}`, { details: { field, reason } });
    expect(errorMessage(check('profile.name', 'must not be empty'))).toBe('Name must not be empty');
    expect(errorMessage(check('link.destination_url', 'must be an http or https URL'))).toBe(
      'Destination URL must be an http or https URL',
    );
    // Without the details, the message as it is.
    expect(errorMessage(new ApiError('validation_failed', 'tier must be a paid tier'))).toBe(
      'tier must be a paid tier',
    );
  });

  it('turns field paths into labels', () => {
    expect(fieldLabel('program.commission_rate_bps')).toBe('Commission rate (basis points)');
    expect(fieldLabel('storefront.product_ids')).toBe('Product ids');
    expect(fieldLabel('id')).toBe('ID');
    expect(fieldLabel('username')).toBe('Username');
  });
});

describe('formError', () => {
  it('puts a check next to one of the form’s fields, and anything else in its error card', () => {
    const check = new ApiError('validation_failed', 'storefront.slug must be a slug', {
      details: { field: 'storefront.slug', reason: 'must be a slug' },
    });
    expect(formError(check, ['title', 'slug'])).toEqual({
      field: 'slug',
      message: 'Slug must be a slug',
    });
    expect(formError(check, ['title'])).toEqual({
      field: undefined,
      message: 'Slug must be a slug',
    });
    expect(formError(new ApiError('forbidden', 'Not yours'), ['slug'])).toEqual({
      field: undefined,
      message: 'Not yours',
    });
  });
});

describe('formError with a form’s own words', () => {
  const check = (field: string, reason: string) =>
    new ApiError('validation_failed', `${field} ${reason}`, { details: { field, reason } });
  const words = { body: plainTextWords('your message') };

  it('tells a message of markup only what to write, not that the full box is empty', () => {
    expect(formError(check('body', 'must not be empty'), ['body'], words)).toEqual({
      field: 'body',
      message: 'Write your message as plain text: markup is removed, and nothing would be left',
    });
    expect(formError(check('body', 'must be at most 5000 characters'), ['body'], words)).toEqual({
      field: 'body',
      message: 'Shorten your message to at most 5,000 characters',
    });
  });

  it('keeps the client’s message for other reasons, other fields and other errors', () => {
    expect(formError(check('body', 'must be text'), ['body'], words)).toEqual({
      field: 'body',
      message: 'Body must be text',
    });
    // A field without words of its own, even with the same reason: the message as before.
    expect(formError(check('profile.name', 'must not be empty'), ['name', 'body'], words)).toEqual({
      field: 'name',
      message: 'Name must not be empty',
    });
    // A field that is not the form's goes to its card, in the client's words.
    expect(formError(check('comment.text', 'must not be empty'), ['body'], words)).toEqual({
      field: undefined,
      message: 'Text must not be empty',
    });
    expect(formError(new ApiError('forbidden', 'Not yours'), ['body'], words)).toEqual({
      field: undefined,
      message: 'Not yours',
    });
  });
});

describe('upstreamCode', () => {
  it('reads the backend’s code that the API client kept, and nothing from other errors', () => {
    const local = new ApiError('unavailable', 'No portal', {
      upstreamCode: 'not_available_locally',
    });
    expect(upstreamCode(local)).toBe('not_available_locally');
    expect(upstreamCode(new ApiError('forbidden', 'No'))).toBeUndefined();
    expect(upstreamCode(new Error('boom'))).toBeUndefined();
    expect(upstreamCode(null)).toBeUndefined();
  });
});

describe('errorCode', () => {
  it('reads the API client’s code, and nothing from other errors', () => {
    expect(errorCode(new ApiError('conflict', 'Taken'))).toBe('conflict');
    expect(errorCode(new Error('boom'))).toBeUndefined();
    expect(errorCode(undefined)).toBeUndefined();
  });
});

describe('errorMessage for the auth server’s codes', () => {
  it('tells a wrong two-step code in words, not the server’s text', () => {
    const wrong = Object.assign(new Error('Invalid TOTP code entered'), {
      code: 'mfa_verification_failed',
    });
    expect(errorMessage(wrong)).toBe(
      'That code is not right. Enter the 6-digit code your authenticator app shows now.',
    );
  });
});
