import { describe, expect, it } from 'vitest';
import { TICKET_FIELD_LIMITS, TICKET_FIELD_MESSAGES } from '@shared/contracts/ticket-fields';
import { readTypedTag, withoutTag, withTag } from './tag-rules';

describe('readTypedTag (a tag typed in a tag box)', () => {
  it('when typed with spaces and capitals, then it is read as the server stores it', () => {
    expect(readTypedTag(['vip'], '  Waiting-On-Vendor ')).toEqual({ ok: true, tag: 'waiting-on-vendor' });
  });

  it('when it breaks the rule, then the rule’s message is the answer', () => {
    expect(readTypedTag([], 'two words')).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tagShape });
    expect(readTypedTag([], 'x'.repeat(41))).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tagShape });
    expect(readTypedTag([], '   ')).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tagShape });
  });

  it('when the box holds as many tags as its limit, then a new one is refused and one already there passes', () => {
    const twenty = Array.from({ length: TICKET_FIELD_LIMITS.tags }, (_, index) => `t${index}`);
    expect(readTypedTag(twenty, 'more', TICKET_FIELD_LIMITS.tags)).toEqual({
      ok: false,
      problem: TICKET_FIELD_MESSAGES.tooManyTags,
    });
    expect(readTypedTag(twenty, 'T3', TICKET_FIELD_LIMITS.tags)).toEqual({ ok: true, tag: 't3' });
  });

  it('when the box has no limit (a filter), then any number of tags is taken', () => {
    const many = Array.from({ length: 30 }, (_, index) => `t${index}`);
    expect(readTypedTag(many, 'more')).toEqual({ ok: true, tag: 'more' });
  });
});

describe('withTag and withoutTag', () => {
  it('when a tag is added, then it goes last; when it is there already, then nothing changes', () => {
    expect(withTag(['vip'], 'network')).toEqual(['vip', 'network']);
    expect(withTag(['vip'], 'vip')).toEqual(['vip']);
  });

  it('when a tag is removed, then the others stay in order', () => {
    expect(withoutTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
