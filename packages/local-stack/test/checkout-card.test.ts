import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, checkCard, checkEmail, parseExpiry } from '../src/checkout.ts';

const card = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Sam Shopper' };
const now = new Date('2026-11-28T00:00:00Z');

describe('the test checkout’s card check', () => {
  it('pays a good card and declines Stripe’s declined test card without naming a field', () => {
    expect(checkCard(card, now)).toEqual([]);
    expect(checkCard({ ...card, number: '4000 0000 0000 0002' }, now)).toEqual([
      { message: CARD_MESSAGES.declined },
    ]);
  });

  it('names the field each of Stripe’s messages belongs under', () => {
    expect(checkCard({ ...card, number: '4242' }, now)).toEqual([
      { field: 'number', message: CARD_MESSAGES.incompleteNumber },
    ]);
    expect(checkCard({ ...card, number: '4242 4242 4242 4241' }, now)).toEqual([
      { field: 'number', message: CARD_MESSAGES.invalidNumber },
    ]);
    // A month that does not exist is an invalid month, not an incomplete date (Stripe's words).
    for (const expiry of ['13 / 30', '13/30', '00 / 30', '99 / 2030'])
      expect(checkCard({ ...card, expiry }, now), expiry).toEqual([
        { field: 'expiry', message: CARD_MESSAGES.invalidExpiryMonth },
      ]);
    expect(CARD_MESSAGES.invalidExpiryMonth).toBe("Your card's expiration month is invalid.");
    for (const expiry of ['', '12', '12 /', '12 / 3'])
      expect(checkCard({ ...card, expiry }, now), expiry).toEqual([
        { field: 'expiry', message: CARD_MESSAGES.incompleteExpiry },
      ]);
    expect(CARD_MESSAGES.incompleteExpiry).toBe("Your card's expiration date is incomplete.");
    // A month gone this year is a past date; a year gone is a past year (Stripe's two messages).
    expect(checkCard({ ...card, expiry: '10 / 26' }, now)).toEqual([
      { field: 'expiry', message: CARD_MESSAGES.pastExpiryDate },
    ]);
    expect(checkCard({ ...card, expiry: '12 / 25' }, now)).toEqual([
      { field: 'expiry', message: CARD_MESSAGES.pastExpiryYear },
    ]);
    expect([CARD_MESSAGES.pastExpiryDate, CARD_MESSAGES.pastExpiryYear]).toEqual([
      "Your card's expiration date is in the past.",
      "Your card's expiration year is in the past.",
    ]);
    // A month that does not exist is said first, even in a year gone.
    expect(checkCard({ ...card, expiry: '13 / 25' }, now)).toEqual([
      { field: 'expiry', message: CARD_MESSAGES.invalidExpiryMonth },
    ]);
    expect(checkCard({ ...card, expiry: '11 / 26' }, now)).toEqual([]);
    expect(checkCard({ ...card, cvc: '1' }, now)).toEqual([
      { field: 'cvc', message: CARD_MESSAGES.invalidCvc },
    ]);
    expect(checkCard({ ...card, name: '  ' }, now)).toEqual([
      { field: 'name', message: CARD_MESSAGES.nameRequired },
    ]);
  });

  it('tells every field’s problem at once, in the form’s order, and declines nothing then', () => {
    expect(
      checkCard({ number: '4000 0000 0000 0002', expiry: '13', cvc: '', name: '' }, now),
    ).toEqual([
      { field: 'expiry', message: CARD_MESSAGES.incompleteExpiry },
      { field: 'cvc', message: CARD_MESSAGES.invalidCvc },
      { field: 'name', message: CARD_MESSAGES.nameRequired },
    ]);
    expect(
      checkCard({ number: '', expiry: '', cvc: '', name: '' }, now).map((f) => f.field),
    ).toEqual(['number', 'expiry', 'cvc', 'name']);
  });

  it('reads the expiry as typed with or without its separator, and with a four-digit year', () => {
    for (const typed of ['1230', '12/30', '12 / 30', ' 12/2030 ', '122030'])
      expect(parseExpiry(typed), typed).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('130')).toEqual({ month: 1, year: 2030 });
    for (const typed of ['', '12', '12 /', '12/3', '12-30-1', 'ab/cd', '12 / 303'])
      expect(parseExpiry(typed), typed).toBeUndefined();
    expect(checkCard({ ...card, expiry: '1230' }, now)).toEqual([]);
  });

  it('takes a signed-in buyer’s email as given and checks a guest’s', () => {
    expect(checkEmail({ email: 'sam@example.com' }, '')).toEqual({ email: 'sam@example.com' });
    expect(checkEmail({ email: null }, ' ')).toEqual({
      error: { field: 'email', message: CARD_MESSAGES.emailRequired },
    });
    expect(checkEmail({ email: null }, 'not an email')).toEqual({
      error: { field: 'email', message: CARD_MESSAGES.invalidEmail },
    });
    expect(checkEmail({ email: null }, ' guest@example.com ')).toEqual({
      email: 'guest@example.com',
    });
  });
});
