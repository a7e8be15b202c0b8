import type { CsatReport } from '@shared/contracts/portal';
import { formatPercentage } from './format';

/** The share of answered ratings that were Good (0 … 1) as a percentage; "—" while none was answered. */
export const formatCsatScore = (score: number | null): string =>
  score === null ? '—' : formatPercentage(score * 100);

/** Whether the range has anything to show: a rating asked for, answered or commented on. */
export const hasRatings = (report: CsatReport): boolean =>
  report.asked > 0 || report.answered > 0 || report.comments.length > 0;

/** Under the score: what it is the share of ("3 good of 4 answered"); nothing while none was answered. */
export const scoreNote = ({ good, answered }: Pick<CsatReport, 'good' | 'answered'>): string | undefined =>
  answered === 0 ? undefined : `${good} good of ${answered} answered`;

const commentDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A comment's instant as its day in the browser's time zone ("Nov 27, 2026"). */
export const formatCommentDate = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : commentDate.format(date);
};
