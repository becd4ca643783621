import { EMAIL_MAX_LENGTH, EMAIL_MIN_LENGTH } from './constants.ts';

/** Email messages. The spec names the rules but not the wording; these are Verdant's. */
export const EMAIL_MESSAGES = {
  required: 'Email is required',
  length: `Email must be between ${EMAIL_MIN_LENGTH} and ${EMAIL_MAX_LENGTH} characters`,
  forbiddenCharacters: `Email must not contain < > " ' or &`,
  consecutiveDots: 'Email must not contain consecutive dots',
  invalid: 'Please enter a valid email address',
} as const;

export interface EmailValidationResult {
  valid: boolean;
  /** The first rule the value breaks; absent when valid. */
  error?: string;
}

const FORBIDDEN_CHARACTERS = /[<>"'&]/;

/**
 * A standard address: a local part of at most 64 characters from the RFC 5322 "atext" set
 * (dots allowed between characters, not at either end), an "@", and a domain of two or more
 * labels (letters, digits and inner hyphens, at most 63 each) whose last label has two or more
 * characters and starts with a letter. ASCII only, no quoted local parts, no IP-literal domains.
 */
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)[A-Za-z0-9!#$%*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z0-9-]{0,61}[A-Za-z0-9]$/;

/**
 * Validates an email address exactly as given (it is not trimmed): spec §5 — a standard
 * address, 5 to 254 characters, no "..", none of `< > " ' &`. Returns the first failure.
 */
export function validateEmail(value: string): EmailValidationResult {
  if (typeof value !== 'string' || value.length === 0) return invalid(EMAIL_MESSAGES.required);
  if (value.length < EMAIL_MIN_LENGTH || value.length > EMAIL_MAX_LENGTH) {
    return invalid(EMAIL_MESSAGES.length);
  }
  if (FORBIDDEN_CHARACTERS.test(value)) return invalid(EMAIL_MESSAGES.forbiddenCharacters);
  if (value.includes('..')) return invalid(EMAIL_MESSAGES.consecutiveDots);
  if (!EMAIL_PATTERN.test(value)) return invalid(EMAIL_MESSAGES.invalid);
  return { valid: true };
}

function invalid(error: string): EmailValidationResult {
  return { valid: false, error };
}
