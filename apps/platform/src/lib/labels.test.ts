import { describe, expect, it } from 'vitest';
import { valueLabel } from './labels.ts';

describe('valueLabel', () => {
  it('capitalises a value and turns its separators into spaces', () => {
    expect(valueLabel('pending')).toBe('Pending');
    expect(valueLabel('in_transit')).toBe('In transit');
    expect(valueLabel('home-goods')).toBe('Home goods');
    expect(valueLabel('')).toBe('');
  });
});
