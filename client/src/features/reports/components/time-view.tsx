import { CalendarDays, Clock, Gauge, ListChecks } from 'lucide-react';
import { REPORT_LABELS as L } from '@shared/contracts/reports';
import { changeOf } from '../lib/compare';
import { formatHours } from '../lib/format';
import { DailyBreakdownTable } from './daily-breakdown-table';
import { DailyHoursChart } from './daily-hours-chart';
import { SectionCard } from '@/components/ui/section-card';
import { EmptyNote } from './empty-note';
import { ReportStatGrid, type ReportViewProps } from './report-stat-grid';

/** Time Tracking: total hours, entries and the daily average, then every day as a chart and a table. */
export function TimeView({ report, previous }: ReportViewProps) {
  const time = report.timeTracking;
  const change = changeOf(report, previous);
  return (
    <>
      <ReportStatGrid
        stats={[
          {
            title: L.totalHours,
            value: formatHours(time.totalHours),
            icon: Clock,
            change: change((r) => r.timeTracking.totalHours, formatHours),
          },
          {
            title: L.totalEntries,
            value: String(time.totalEntries),
            icon: ListChecks,
            change: change((r) => r.timeTracking.totalEntries),
          },
          {
            title: L.averageHoursPerDay,
            value: formatHours(time.averageHoursPerDay),
            icon: Gauge,
            change: change((r) => r.timeTracking.averageHoursPerDay, formatHours),
          },
        ]}
      />
      <SectionCard
        title={L.dailyBreakdown}
        icon={CalendarDays}
        description="Hours logged on each day of the range, by the day the work was done."
      >
        {time.totalEntries === 0 && <EmptyNote>No time logged in this period.</EmptyNote>}
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <DailyHoursChart days={time.dailyBreakdown} />
          <DailyBreakdownTable days={time.dailyBreakdown} />
        </div>
      </SectionCard>
    </>
  );
}
