import { describe, expect, it } from 'vitest';
import { applyAttachmentLimits } from './attachment-limits';

const file = (name: string, size: number | undefined, declared = 0) => ({
  filename: name,
  contentType: 'application/octet-stream',
  size: size ?? declared,
  content: size === undefined ? undefined : Buffer.alloc(size),
});

const summary = (files: ReturnType<typeof applyAttachmentLimits>) =>
  files.map((stored) => [stored.filename, stored.size, stored.content !== null]);

describe('applyAttachmentLimits', () => {
  const limits = { maxFileBytes: 100, maxMessageBytes: 250 };

  it('when files fit, then all are kept with their content', () => {
    expect(summary(applyAttachmentLimits([file('a', 100), file('b', 0)], limits))).toEqual([
      ['a', 100, true],
      ['b', 0, true],
    ]);
  });

  it('when a file is over the file limit, then it is listed without content and the others still count', () => {
    expect(summary(applyAttachmentLimits([file('big', 101), file('a', 100)], limits))).toEqual([
      ['big', 101, false],
      ['a', 100, true],
    ]);
  });

  it('when files together pass the message limit, then in message order those that no longer fit are not kept, smaller later ones may be', () => {
    const files = [file('a', 100), file('b', 100), file('c', 60), file('d', 50)];
    expect(summary(applyAttachmentLimits(files, limits))).toEqual([
      ['a', 100, true],
      ['b', 100, true],
      ['c', 60, false],
      ['d', 50, true],
    ]);
  });

  it('when a file came without content, then it is listed with its declared size and takes no room', () => {
    expect(
      summary(applyAttachmentLimits([file('listed', undefined, 5_000), file('a', 100)], limits)),
    ).toEqual([
      ['listed', 5_000, false],
      ['a', 100, true],
    ]);
  });
});
