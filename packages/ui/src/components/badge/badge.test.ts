import { describe, expect, it } from 'vitest';
import { claimStatus, describeExpiry, EXPIRING_WITHIN_DAYS } from './sustainability.ts';

const now = new Date('2026-06-01T00:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('claimStatus', () => {
  it('is valid well before expiry', () => {
    expect(claimStatus('2027-01-01T00:00:00Z', now)).toBe('valid');
  });

  it('is expiring within the warning window, inclusive', () => {
    expect(claimStatus(new Date(now.getTime() + EXPIRING_WITHIN_DAYS * day), now)).toBe('expiring');
    expect(claimStatus(new Date(now.getTime() + EXPIRING_WITHIN_DAYS * day + 1), now)).toBe(
      'valid',
    );
  });

  it('is expired at and after the expiry instant', () => {
    expect(claimStatus(now, now)).toBe('expired');
    expect(claimStatus('2026-05-01T00:00:00Z', now)).toBe('expired');
  });

  it('treats an unreadable date as expired rather than valid', () => {
    expect(claimStatus('not a date', now)).toBe('expired');
  });

  it('keeps a claim without an expiry date valid', () => {
    expect(claimStatus(null, now)).toBe('valid');
    expect(claimStatus(undefined, now)).toBe('valid');
  });
});

describe('describeExpiry', () => {
  it('says so when a certificate has no end date', () => {
    expect(describeExpiry(null, now)).toBe('No expiry date');
  });

  it('says until when a certificate is valid', () => {
    expect(describeExpiry('2027-03-03T00:00:00Z', now, 'en-US')).toBe('Valid until March 3, 2027');
  });

  it('says when it expired', () => {
    expect(describeExpiry('2026-02-01T00:00:00Z', now, 'en-US')).toBe(
      'Expired on February 1, 2026',
    );
  });

  it('admits an unknown date', () => {
    expect(describeExpiry('soon', now, 'en-US')).toBe('Expiry date unknown');
  });
});
