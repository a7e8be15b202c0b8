import { describe, expect, it } from 'vitest';
import type { CsatReport } from '@shared/contracts/portal';
import { scoreNote, formatCommentDate, formatCsatScore, hasRatings } from './csat-figures';

const empty: CsatReport = {
  asked: 0,
  answered: 0,
  good: 0,
  bad: 0,
  score: null,
  byAgent: [],
  byGroup: [],
  comments: [],
};

describe('the Satisfaction report’s figures', () => {
  it('when nothing was answered, then the score is a dash, else a percentage of good ratings', () => {
    expect(formatCsatScore(null)).toBe('—');
    expect(formatCsatScore(0)).toBe('0%');
    expect(formatCsatScore(1)).toBe('100%');
    expect(formatCsatScore(2 / 3)).toBe('66.7%');
  });

  it('when no rating was asked for or answered in the range, then the report is empty', () => {
    expect(hasRatings(empty)).toBe(false);
    expect(hasRatings({ ...empty, asked: 1 })).toBe(true);
    expect(hasRatings({ ...empty, answered: 1, good: 1, score: 1 })).toBe(true);
  });

  it('when some were answered, then the score says what it is the share of', () => {
    expect(scoreNote({ good: 0, answered: 0 })).toBeUndefined();
    expect(scoreNote({ good: 3, answered: 4 })).toBe('3 good of 4 answered');
  });

  it('when a comment’s instant is read, then it shows as a day, and an unreadable one as it came', () => {
    expect(formatCommentDate('2026-11-27T12:00:00.000Z')).toMatch(/^Nov 2[678], 2026$/);
    expect(formatCommentDate('soon')).toBe('soon');
  });
});
