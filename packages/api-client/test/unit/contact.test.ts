import { describe, expect, it } from 'vitest';
import { ApiError, CONTACT_LIMITS, validateContactMessage } from '../../src/index.ts';

const valid = { name: 'Ada Lovelace', email: 'Ada@Example.com', message: 'Tell me more.' };

async function failure(input: unknown): Promise<{ field: string; reason: string }> {
  try {
    await validateContactMessage(input as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('validation_failed');
    return (error as ApiError).details as { field: string; reason: string };
  }
  throw new Error('expected a validation failure');
}

describe('validateContactMessage', () => {
  it('normalises a valid message: lower-case email, contact source, empty optionals as null', async () => {
    expect(await validateContactMessage(valid)).toEqual({
      source: 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: null,
      organisation: null,
      message: 'Tell me more.',
    });
  });

  it('sanitises the text fields (HTML stripped, script URLs blocked)', async () => {
    const clean = await validateContactMessage({
      ...valid,
      source: 'investors',
      name: '  <b>Ada</b> ',
      organisation: '<script>x</script>Analytical Engines',
      message: 'See javascript:alert(1) <img src=x onerror=alert(1)>now',
    });
    expect(clean.source).toBe('investors');
    expect(clean.name).toBe('Ada');
    expect(clean.organisation).not.toContain('<');
    expect(clean.message).not.toMatch(/javascript:|<img|onerror=/i);
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, email: 'a..b@example.com' }, 'email'],
    [{ ...valid, email: 'a<b@example.com' }, 'email'],
    [{ ...valid, name: '   ' }, 'name'],
    [{ ...valid, name: '<i></i>' }, 'name'],
    [{ ...valid, message: '' }, 'message'],
    [{ ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'message'],
    [{ ...valid, subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }, 'subject'],
    [{ ...valid, source: 'press' }, 'source'],
    [{ ...valid, message: 42 }, 'message'],
  ])('refuses %j naming the field %s', async (input, field) => {
    expect((await failure(input)).field).toBe(field);
  });
});
