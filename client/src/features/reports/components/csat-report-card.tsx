import { Link } from 'wouter';
import { Smile } from 'lucide-react';
import { CSAT_SCORE_LABELS, type CsatReport } from '@shared/contracts/portal';
import type { ReportQueryParams } from '@shared/contracts/reports';
import { Badge } from '@/components/ui/badge';
import { Heading } from '@/components/ui/heading';
import { ReportCardFailed, ReportCardLoading } from './report-status';
import { SectionCard } from '@/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ticketDetailsPath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useCsatReport } from '../api/get-csat-report';
import { formatCommentDate, formatCsatScore, hasRatings, scoreNote } from '../lib/csat-figures';
import { EmptyNote } from './empty-note';

export const CSAT_REPORT_TEXTS = {
  title: 'Satisfaction',
  description: 'Ratings requesters gave when their tickets were closed in this period.',
  loading: 'Generating satisfaction report...',
  failed: 'The satisfaction report could not be generated.',
  retry: 'Try again',
  empty: 'No ratings in this period.',
  asked: 'Asked',
  answered: 'Answered',
  good: 'Good',
  bad: 'Bad',
  score: 'Score',
  byAgent: 'Ratings by Agent',
  byGroup: 'Ratings by Group',
  agent: 'Agent',
  group: 'Group',
  noRows: 'No answered ratings.',
  comments: 'Recent Comments',
  noComments: 'No comments.',
  ticket: 'Ticket',
  rating: 'Rating',
  comment: 'Comment',
  date: 'Date',
} as const;
const T = CSAT_REPORT_TEXTS;

/**
 * The Reports page's Satisfaction view (issue 41), below the spec's report views like the SLA and By
 * Field views (the Report Type list stays the spec's four): how many ratings were asked for and
 * answered, the share that were Good, by agent and by group, and the latest comments.
 */
export function CsatReportCard({ params }: { params: ReportQueryParams }) {
  const query = useCsatReport(params);
  return (
    <SectionCard title={T.title} icon={Smile} description={T.description}>
      {query.isPending ? (
        <ReportCardLoading text={T.loading} />
      ) : query.isError ? (
        <ReportCardFailed text={T.failed} retryLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : !hasRatings(query.data) ? (
        <EmptyNote>{T.empty}</EmptyNote>
      ) : (
        <CsatFigures report={query.data} />
      )}
    </SectionCard>
  );
}

function CsatFigures({ report }: { report: CsatReport }) {
  const figures: { title: string; value: string; note?: string; className?: string }[] = [
    { title: T.asked, value: String(report.asked) },
    { title: T.answered, value: String(report.answered) },
    { title: T.good, value: String(report.good), className: 'text-green-700 dark:text-green-400' },
    { title: T.bad, value: String(report.bad), className: 'text-red-700 dark:text-red-400' },
    { title: T.score, value: formatCsatScore(report.score), note: scoreNote(report) },
  ];
  return (
    <div className="space-y-6">
      {/* Five small figures in a row (two a row on a phone, the score across the last). */}
      <div role="group" aria-label="Summary">
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-lg border bg-border sm:grid-cols-5">
          {figures.map((figure) => (
            <div key={figure.title} className="space-y-1 bg-card p-4 last:col-span-2 sm:last:col-span-1">
              <dt className="text-sm font-medium text-muted-foreground">{figure.title}</dt>
              <dd className={cn('text-2xl font-bold tracking-tight tabular-nums', figure.className)}>
                {figure.value}
              </dd>
              {figure.note && <dd className="text-xs text-muted-foreground">{figure.note}</dd>}
            </div>
          ))}
        </dl>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <ScoreTable
          title={T.byAgent}
          first={T.agent}
          rows={report.byAgent.map((row) => ({ key: row.userId, ...row }))}
        />
        <ScoreTable
          title={T.byGroup}
          first={T.group}
          rows={report.byGroup.map((row) => ({ key: row.groupId, ...row }))}
        />
      </div>
      <Comments comments={report.comments} />
    </div>
  );
}

/** Good and Bad per agent or per group. */
function ScoreTable({
  title,
  first,
  rows,
}: {
  title: string;
  first: string;
  rows: { key: string; name: string; good: number; bad: number }[];
}) {
  return (
    <section className="min-w-0 space-y-2">
      <Heading className="text-sm font-semibold">{title}</Heading>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noRows}</p>
      ) : (
        <Table aria-label={title} scrollLabel={`${title} table`}>
          <TableHeader>
            <TableRow>
              <TableHead>{first}</TableHead>
              <TableHead className="text-right">{T.good}</TableHead>
              <TableHead className="text-right">{T.bad}</TableHead>
              <TableHead className="text-right">{T.score}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key}>
                <TableCell className="font-medium">{row.name}</TableCell>
                <TableCell className="text-right tabular-nums">{row.good}</TableCell>
                <TableCell
                  className={
                    row.bad > 0
                      ? 'text-right font-semibold text-red-700 tabular-nums dark:text-red-400'
                      : 'text-right tabular-nums'
                  }
                >
                  {row.bad}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCsatScore(row.good + row.bad === 0 ? null : row.good / (row.good + row.bad))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

/** The latest comments, each with its ticket (a link to it), the rating and the day it was given. */
function Comments({ comments }: { comments: CsatReport['comments'] }) {
  return (
    <section className="min-w-0 space-y-2">
      <Heading className="text-sm font-semibold">{T.comments}</Heading>
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{T.noComments}</p>
      ) : (
        <Table aria-label={T.comments} scrollLabel={`${T.comments} table`}>
          <TableHeader>
            <TableRow>
              <TableHead>{T.ticket}</TableHead>
              <TableHead>{T.rating}</TableHead>
              <TableHead className="min-w-56">{T.comment}</TableHead>
              <TableHead className="text-right">{T.date}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {comments.map((comment) => (
              <TableRow key={`${comment.ticketId}-${comment.at}`}>
                <TableCell className="whitespace-nowrap">
                  <Link
                    href={ticketDetailsPath(comment.ticketId)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {comment.ticketNumber}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant={comment.score === 'good' ? 'green' : 'red'}>
                    {CSAT_SCORE_LABELS[comment.score]}
                  </Badge>
                </TableCell>
                <TableCell className="break-words whitespace-pre-line">{comment.comment}</TableCell>
                <TableCell className="text-right whitespace-nowrap text-muted-foreground">
                  {formatCommentDate(comment.at)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
