import { CalendarDays, Clock, Gauge, ListChecks } from 'lucide-react';
import { REPORT_LABELS as L, type Report } from '@shared/contracts/reports';
import { formatHours } from '../lib/format';
import { DailyBreakdownTable } from './daily-breakdown-table';
import { DailyHoursChart } from './daily-hours-chart';
import { SectionCard } from '@/components/ui/section-card';
import { EmptyNote } from './empty-note';
import { ReportStatGrid } from './report-stat-grid';

/** Time Tracking: total hours, entries and the daily average, then every day as a chart and a table. */
export function TimeView({ report }: { report: Report }) {
  const time = report.timeTracking;
  return (
    <>
      <ReportStatGrid
        stats={[
          { title: L.totalHours, value: formatHours(time.totalHours), icon: Clock },
          { title: L.totalEntries, value: String(time.totalEntries), icon: ListChecks },
          { title: L.averageHoursPerDay, value: formatHours(time.averageHoursPerDay), icon: Gauge },
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
