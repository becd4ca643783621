import { describe, expect, it } from 'vitest';
import { markupRemovedNote } from './markup-note.ts';

describe('markupRemovedNote', () => {
  it('says nothing when every value was stored as typed, spaces at the ends aside', () => {
    expect(
      markupRemovedNote('Posts are', [
        ['  A title ', 'A title'],
        [null, null],
        ['', null],
      ]),
    ).toEqual({});
  });

  it('names the text when any value was stored otherwise', () => {
    expect(
      markupRemovedNote('Your title and bio are', [
        ['Title', 'Title'],
        ['Tags like <em>this</em>', 'Tags like this'],
      ]),
    ).toEqual({
      description:
        'Your title and bio are plain text: markup such as <b> was removed from what you typed.',
    });
    expect(markupRemovedNote('Comments are', [['<b></b>x', 'x']])).toHaveProperty('description');
  });
});
