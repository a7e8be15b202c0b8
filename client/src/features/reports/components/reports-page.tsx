import { useState, type ReactNode } from 'react';
import { DEFAULT_REPORT_RANGE, type ReportRange } from '@shared/constants';
import {
  DEFAULT_REPORT_TYPE,
  REPORT_TYPE_LABELS,
  type Report,
  type ReportType,
} from '@shared/contracts/reports';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import { useReport } from '../api/get-report';
import { reportParams } from '../lib/report-params';
import { OverviewView } from './overview-view';
import { ReportError, ReportLoading } from './report-status';
import { ReportToolbar } from './report-toolbar';
import { TeamView } from './team-view';
import { TicketsView } from './tickets-view';
import { TimeView } from './time-view';

const VIEWS = {
  overview: OverviewView,
  time: TimeView,
  tickets: TicketsView,
  team: TeamView,
} as const satisfies Record<ReportType, (props: { report: Report }) => ReactNode>;

/** Reports & Analytics (spec §2): one report per range, shown as one of four views. */
export function ReportsPage() {
  usePageTitle('Reports & Analytics');
  const [range, setRange] = useState<ReportRange>(DEFAULT_REPORT_RANGE);
  const [type, setType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  // Worked out on every render, so a page left open past midnight asks for the new day's report.
  const params = reportParams(range);
  const report = useReport(params);
  useSessionExpiryRedirect(report.error);
  const View = VIEWS[type];

  return (
    <section aria-label="Reports & Analytics" className="space-y-6">
      <ReportToolbar
        range={range}
        onRangeChange={setRange}
        type={type}
        onTypeChange={setType}
        params={params}
        report={report.data}
      />
      {report.isPending ? (
        <ReportLoading />
      ) : report.isError ? (
        <ReportError onRetry={() => void report.refetch()} />
      ) : (
        <div role="region" aria-label={REPORT_TYPE_LABELS[type]} className="space-y-6">
          <View report={report.data} />
        </div>
      )}
    </section>
  );
}
