import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthValidationError, invitedByUsername } from '../../src/index.ts';
import { signUpMetadata } from '../../src/registration.ts';
import { ADA, setupEngine } from '../support/engine.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const base = { email: 'new@example.com', password: ADA.password, name: 'Newt' };

describe('invitedByUsername', () => {
  it.each([
    ['jordan-rivers', 'jordan-rivers'],
    ['  Jordan-Rivers ', 'jordan-rivers'],
    ['a_b', 'a_b'],
  ])('takes %j as %j', (value, expected) => expect(invitedByUsername(value)).toBe(expected));

  it.each([
    '',
    '   ',
    'ab',
    '-jordan',
    'jordan rivers',
    '../etc',
    '@jordan',
    'x'.repeat(33),
    42,
    null,
    undefined,
    { username: 'jordan' },
  ])('drops %j', (value) => expect(invitedByUsername(value)).toBeUndefined());
});

describe('signUpMetadata with invitedBy', () => {
  it('adds the inviter as invited_by, in lower case', () => {
    expect(signUpMetadata({ ...base, invitedBy: ' Jordan-Rivers ' })).toEqual({
      name: 'Newt',
      role: 'affiliate',
      invited_by: 'jordan-rivers',
    });
  });

  it.each(['', 'no', 'bad name!', '<script>', null, undefined])(
    'leaves out the key for %j',
    (invitedBy) => {
      const metadata = signUpMetadata({ ...base, role: 'merchant', invitedBy });
      expect(metadata).toEqual({ name: 'Newt', role: 'merchant' });
      expect('invited_by' in metadata).toBe(false);
    },
  );

  it('never turns a bad inviter into a validation error', () => {
    expect(() => signUpMetadata({ ...base, invitedBy: '!!!' })).not.toThrow();
    // Other problems are still told, and the inviter adds none.
    const error = (() => {
      try {
        signUpMetadata({ ...base, email: 'nope', invitedBy: '!!!' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AuthValidationError);
    expect((error as AuthValidationError).errors).toHaveLength(1);
  });
});

describe('register with invitedBy', () => {
  it('sends a well-formed inviter in the sign-up metadata', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    await engine.register({ ...base, invitedBy: 'jordan-rivers' });
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: ADA.password,
      options: { data: { name: 'Newt', role: 'affiliate', invited_by: 'jordan-rivers' } },
    });
    engine.stop();
  });

  it('drops a malformed inviter and signs up all the same', async () => {
    const { engine, fake } = setupEngine();
    await engine.start();
    const result = await engine.register({ ...base, invitedBy: 'Not A Username!' });
    expect(fake.auth.signUp.mock.calls[0]![0].options?.data).toEqual({
      name: 'Newt',
      role: 'affiliate',
    });
    expect(result.confirmationRequired).toBe(false);
    engine.stop();
  });
});
