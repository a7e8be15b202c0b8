import { describe, expect, it } from 'vitest';
import {
  completeMention,
  findMentionedUserIds,
  mentionQueryAt,
  mentionSuggestions,
  type MentionCandidate,
} from './mentions';

const priya: MentionCandidate = { id: 'p', firstName: 'Priya', lastName: 'Patel' };
const sam: MentionCandidate = { id: 's', firstName: 'Sam', lastName: 'Lee' };
const samTwo: MentionCandidate = { id: 's2', firstName: 'Sam', lastName: 'Okafor' };
const ann: MentionCandidate = { id: 'a', firstName: 'Ann', lastName: 'Le' };
const annLee: MentionCandidate = { id: 'al', firstName: 'Ann', lastName: 'Lee' };

describe('findMentionedUserIds', () => {
  it.each([
    ['@Priya Patel can you look?', [priya, sam], ['p']],
    ['ping @priya please', [priya, sam], ['p']],
    ['@PRIYA PATEL and @sam', [priya, sam], ['p', 's']],
    ['(@Priya)', [priya], ['p']],
    ['@Priya, @Priya Patel again', [priya], ['p']],
  ])('when a note says %j, then it mentions %j', (text, users, expected) => {
    expect(findMentionedUserIds(text, users)).toEqual(expected);
  });

  it.each([
    ['write to priya@example.com', [priya]],
    ['@Priyanka said so', [priya]],
    ['no at sign Priya Patel', [priya]],
    ['a.@Priya', [priya]],
    ['@ Priya', [priya]],
  ])('when a note says %j, then it mentions no one', (text, users) => {
    expect(findMentionedUserIds(text, users)).toEqual([]);
  });

  it('when two users share the first name, then "@Sam" mentions neither and the full name mentions one', () => {
    expect(findMentionedUserIds('@Sam look', [sam, samTwo])).toEqual([]);
    expect(findMentionedUserIds('@Sam Okafor look', [sam, samTwo])).toEqual(['s2']);
  });

  it('when one full name starts another, then the longer one is meant', () => {
    expect(findMentionedUserIds('@Ann Lee here', [ann, annLee])).toEqual(['al']);
    expect(findMentionedUserIds('@Ann Le here', [ann, annLee])).toEqual(['a']);
  });
});

describe('mentionQueryAt', () => {
  it('when the caret follows "@pri", then the query is "pri" from that @', () => {
    expect(mentionQueryAt('hi @pri', 7)).toEqual({ start: 3, query: 'pri' });
  });

  it('when the caret follows a first and a partial last name, then both are the query', () => {
    expect(mentionQueryAt('@Priya Pa', 9)).toEqual({ start: 0, query: 'Priya Pa' });
  });

  it.each([
    ['mail sam@exa', 12],
    ['@Priya Patel is here', 20],
    ['@ pri', 5],
    ['@pri\nnext', 9],
    ['nothing here', 12],
  ])('when the text is %j with the caret at %i, then no mention is being typed', (text, caret) => {
    expect(mentionQueryAt(text, caret)).toBeUndefined();
  });
});

describe('mentionSuggestions', () => {
  it('when the query is a start of a first or last name, then those users are suggested by name', () => {
    expect(mentionSuggestions([sam, priya, samTwo], 'sa').map((user) => user.id)).toEqual(['s', 's2']);
    expect(mentionSuggestions([sam, priya, samTwo], 'pat').map((user) => user.id)).toEqual(['p']);
    expect(mentionSuggestions([sam, priya], '').map((user) => user.id)).toEqual(['p', 's']);
  });
});

describe('completeMention', () => {
  it('when a suggestion is picked, then the typed part becomes the full mention and the caret follows it', () => {
    const text = 'hi @pri and more';
    expect(completeMention(text, { start: 3, query: 'pri' }, 7, priya)).toEqual({
      text: 'hi @Priya Patel  and more',
      caret: 16,
    });
  });
});
