import { describe, expect, it } from 'vitest';
import { TICKET_FIELD_MESSAGES } from '@shared/contracts/ticket-fields';
import { withoutTag, withTag } from './tag-input';

describe('withTag (a tag typed on the detail)', () => {
  it('when typed with spaces and capitals, then it is added as the server stores it', () => {
    expect(withTag(['vip'], '  Waiting-On-Vendor ')).toEqual({
      ok: true,
      tags: ['vip', 'waiting-on-vendor'],
    });
  });

  it('when the ticket has it already, then nothing changes', () => {
    expect(withTag(['vip'], 'VIP')).toEqual({ ok: true, tags: ['vip'] });
  });

  it('when it breaks the rule, then the rule’s message is the answer', () => {
    expect(withTag([], 'two words')).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tagShape });
    expect(withTag([], 'x'.repeat(41))).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tagShape });
  });

  it('when the ticket has 20 tags, then a 21st is refused', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `t${index}`);
    expect(withTag(twenty, 'more')).toEqual({ ok: false, problem: TICKET_FIELD_MESSAGES.tooManyTags });
  });

  it('when a tag is removed, then the others stay in order', () => {
    expect(withoutTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});
