import type { ReactNode } from 'react';
import { useSearchParams } from 'wouter';
import { CUSTOM_REPORT_RANGE, DEFAULT_REPORT_RANGE, type ReportRangeKey } from '@shared/constants';
import { REPORT_TYPE_LABELS, type ReportType } from '@shared/contracts/reports';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useReport } from '../api/get-report';
import { previousPeriodParams } from '../lib/compare';
import {
  readRangeSelection,
  readReportType,
  reportParams,
  reportSearch,
  selectionParams,
  type RangeSelection,
} from '../lib/report-params';
import { CsatReportCard } from './csat-report-card';
import { FieldReportCard } from './field-report-card';
import { GroupReportCard } from './group-report-card';
import { LoanReportCard } from './loan-report-card';
import { OverviewView } from './overview-view';
import { ReportError, ReportLoading, ReportNeedsDays } from './report-status';
import type { ReportViewProps } from './report-stat-grid';
import { ReportToolbar } from './report-toolbar';
import { SlaReportCard } from './sla-report-card';
import { TeamView } from './team-view';
import { TicketsView } from './tickets-view';
import { TimeView } from './time-view';

const VIEWS = {
  overview: OverviewView,
  time: TimeView,
  tickets: TicketsView,
  team: TeamView,
} as const satisfies Record<ReportType, (props: ReportViewProps) => ReactNode>;

/**
 * Reports & Analytics (spec §2): one report per range, shown as one of four views, then By Group
 * (issue 39, once a group exists), the SLA, By Field and Satisfaction views (issues 24, 38 and 41; an
 * admin is offered a link to define fields). The Date Range
 * (and a custom range's days) and the view live in the URL, so a reload or a shared link shows the
 * same report (the view since issue 37).
 */
export function ReportsPage({ isAdmin = false }: { isAdmin?: boolean }) {
  usePageTitle('Reports & Analytics');
  const [searchParams, setSearchParams] = useSearchParams();
  const selection = readRangeSelection(searchParams);
  const type = readReportType(searchParams);
  // Worked out on every render, so a page left open past midnight asks for the new day's report.
  const params = selectionParams(selection);
  const report = useReport(params);
  // Each figure's change against the period of the same length just before (shown once both loaded).
  const previous = useReport(params && previousPeriodParams(params));

  const show = (next: RangeSelection, nextType: ReportType) =>
    setSearchParams(reportSearch(next, nextType), { replace: true });
  const select = (next: RangeSelection) => show(next, type);
  const changeRange = (range: ReportRangeKey) => {
    if (range === selection.range) return;
    if (range !== CUSTOM_REPORT_RANGE) {
      select({ range, from: '', to: '' });
    } else {
      // The pickers start from the days in view: a preset is one change away from its custom variant.
      const days = params ?? reportParams(DEFAULT_REPORT_RANGE);
      select({ range, from: days.start, to: days.end });
    }
  };
  useSessionExpiryRedirect(report.error);
  const View = VIEWS[type];

  return (
    <section aria-label="Reports & Analytics" className="space-y-6">
      <ReportToolbar
        selection={selection}
        onRangeChange={changeRange}
        onCustomDaysChange={(days) => select({ range: CUSTOM_REPORT_RANGE, ...days })}
        type={type}
        onTypeChange={(next) => show(selection, next)}
        params={params}
        report={report.data}
      />
      {!params ? (
        <ReportNeedsDays />
      ) : report.isPending ? (
        <ReportLoading />
      ) : report.isError ? (
        <ReportError onRetry={() => void report.refetch()} />
      ) : (
        <>
          <div role="region" aria-label={REPORT_TYPE_LABELS[type]} className="space-y-6">
            <View report={report.data} previous={previous.data} />
          </div>
          {/* The by-group table (issue 39), below whichever view, once a group exists. */}
          <GroupReportCard rows={report.data.byGroup} />
        </>
      )}
      {/* The SLA view (issue 24), below whichever of the spec's four views is chosen, for the same days. */}
      {params && <SlaReportCard params={params} />}
      {/* The report by field (issue 38), likewise beside the spec's views, for the same days. */}
      {params && <FieldReportCard params={params} isAdmin={isAdmin} />}
      {/* The Satisfaction view (issue 41): the requesters' ratings, likewise for the same days. */}
      {params && <CsatReportCard params={params} />}
      {/* The Loans view (issue 42): loaner equipment lent, returned and in use, likewise for the same days. */}
      {params && <LoanReportCard params={params} />}
    </section>
  );
}
