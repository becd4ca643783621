import { describe, expect, it } from 'vitest';
import { invitationPath, withInviteRef } from './invite-param.ts';

describe('invitationPath', () => {
  it("is the affiliate sign-up with the inviter's username", () => {
    expect(invitationPath('jordan-rivers')).toBe('/signup/affiliate?ref=jordan-rivers');
    expect(invitationPath(' Jordan-Rivers ')).toBe('/signup/affiliate?ref=jordan-rivers');
  });

  it('is the plain sign-up without a well-formed username', () => {
    for (const username of [null, undefined, '', 'no', 'bad name'])
      expect(invitationPath(username)).toBe('/signup/affiliate');
  });
});

describe('withInviteRef', () => {
  it('adds the ref after a path, or after its query', () => {
    expect(withInviteRef('/signup/vendor', 'jordan-rivers')).toBe(
      '/signup/vendor?ref=jordan-rivers',
    );
    expect(withInviteRef('/signup/affiliate?next=%2Fpricing', 'jordan-rivers')).toBe(
      '/signup/affiliate?next=%2Fpricing&ref=jordan-rivers',
    );
  });

  it('leaves the path alone without one', () => {
    expect(withInviteRef('/signup/affiliate', null)).toBe('/signup/affiliate');
  });
});
