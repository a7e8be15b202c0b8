import type { ReactNode } from 'react';
import { AlarmClock, MessageSquareReply, CircleCheckBig, Timer } from 'lucide-react';
import { TICKET_PRIORITY_META } from '@shared/constants';
import type { ReportQueryParams } from '@shared/contracts/reports';
import type { SlaReport } from '@shared/contracts/sla';
import { Badge } from '@/components/ui/badge';
import { Heading } from '@/components/ui/heading';
import { ReportCardFailed, ReportCardLoading } from './report-status';
import { SectionCard } from '@/components/ui/section-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSlaReport } from '../api/get-sla-report';
import { agentName, countsLine, formatBusinessMinutes, hasSlaTickets, metShare } from '../lib/sla-figures';
import { EmptyNote } from './empty-note';
import { ReportStatGrid } from './report-stat-grid';

export const SLA_REPORT_TEXTS = {
  title: 'Service Levels (SLA)',
  description: 'Tickets created in this period that have response and resolution targets.',
  loading: 'Generating SLA report...',
  failed: 'The SLA report could not be generated.',
  retry: 'Try again',
  empty: 'No tickets with SLA targets were created in this period.',
  firstResponseMet: 'First Response Met',
  resolutionMet: 'Resolution Met',
  median: 'Median First Response (business hours)',
  byPriority: 'Breaches by Priority',
  byAgent: 'Breaches by Agent',
} as const;

/**
 * The Reports page's SLA view (issue 24), below the spec's report views (their Report Type list stays
 * the spec's four): the share of decided tickets whose first response and resolution met their
 * targets, the median time to a first reply in business hours, and breaches by priority and by agent.
 */
export function SlaReportCard({ params }: { params: ReportQueryParams }) {
  const query = useSlaReport(params);
  return (
    <SectionCard title={SLA_REPORT_TEXTS.title} icon={AlarmClock} description={SLA_REPORT_TEXTS.description}>
      {query.isPending ? (
        <ReportCardLoading text={SLA_REPORT_TEXTS.loading} />
      ) : query.isError ? (
        <ReportCardFailed
          text={SLA_REPORT_TEXTS.failed}
          retryLabel={SLA_REPORT_TEXTS.retry}
          onRetry={() => void query.refetch()}
        />
      ) : !hasSlaTickets(query.data) ? (
        <EmptyNote>{SLA_REPORT_TEXTS.empty}</EmptyNote>
      ) : (
        <SlaFigures report={query.data} />
      )}
    </SectionCard>
  );
}

function SlaFigures({ report }: { report: SlaReport }) {
  return (
    <div className="space-y-6">
      <ReportStatGrid
        stats={[
          {
            title: SLA_REPORT_TEXTS.firstResponseMet,
            value: metShare(report.firstResponse),
            icon: MessageSquareReply,
            variant: 'primary',
            change: countsLine(report.firstResponse),
          },
          {
            title: SLA_REPORT_TEXTS.resolutionMet,
            value: metShare(report.resolution),
            icon: CircleCheckBig,
            variant: 'success',
            change: countsLine(report.resolution),
          },
          {
            title: SLA_REPORT_TEXTS.median,
            value: formatBusinessMinutes(report.medianFirstResponseMinutes),
            icon: Timer,
            variant: 'warning',
            change:
              report.medianFirstResponseMinutes === null
                ? 'No first replies yet'
                : 'Working time from creation to the first reply',
          },
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <BreachTable
          title={SLA_REPORT_TEXTS.byPriority}
          first="Priority"
          rows={report.byPriority.map((row) => ({
            key: row.priority,
            row,
            label: (
              <TableCell>
                <Badge variant={TICKET_PRIORITY_META[row.priority].colour}>
                  {TICKET_PRIORITY_META[row.priority].label}
                </Badge>
              </TableCell>
            ),
          }))}
        />
        <BreachTable
          title={SLA_REPORT_TEXTS.byAgent}
          first="Agent"
          rows={report.byAgent.map((row) => ({
            key: row.userId ?? 'unassigned',
            row,
            label: (
              <TableCell className={row.userId ? 'font-medium' : 'text-muted-foreground'}>
                {agentName(row)}
              </TableCell>
            ),
          }))}
        />
      </div>
    </div>
  );
}

/** One breach table: a titled section whose rows are a label cell and the breach counts. */
function BreachTable({
  title,
  first,
  rows,
}: {
  title: string;
  first: string;
  rows: { key: string; row: BreachRow; label: ReactNode }[];
}) {
  return (
    <section className="min-w-0 space-y-2">
      <Heading className="text-sm font-semibold">{title}</Heading>
      <Table aria-label={title} scrollLabel={`${title} table`}>
        <BreachHeader first={first} />
        <TableBody>
          {rows.map(({ key, row, label }) => (
            <TableRow key={key}>
              {label}
              <BreachCells row={row} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function BreachHeader({ first }: { first: string }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{first}</TableHead>
        <TableHead className="text-right">Tickets</TableHead>
        <TableHead className="text-right">First Response Breached</TableHead>
        <TableHead className="text-right">Resolution Breached</TableHead>
      </TableRow>
    </TableHeader>
  );
}

type BreachRow = Pick<
  SlaReport['byPriority'][number],
  'tickets' | 'firstResponseBreached' | 'resolutionBreached'
>;

function BreachCells({ row }: { row: BreachRow }) {
  const breached = (count: number) =>
    count > 0
      ? 'text-right font-semibold text-red-700 tabular-nums dark:text-red-400'
      : 'text-right tabular-nums';
  return (
    <>
      <TableCell className="text-right tabular-nums">{row.tickets}</TableCell>
      <TableCell className={breached(row.firstResponseBreached)}>{row.firstResponseBreached}</TableCell>
      <TableCell className={breached(row.resolutionBreached)}>{row.resolutionBreached}</TableCell>
    </>
  );
}
