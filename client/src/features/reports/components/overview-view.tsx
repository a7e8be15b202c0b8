import { CircleCheck, Clock, ListChecks, Users } from 'lucide-react';
import { REPORT_LABELS as L, type Report } from '@shared/contracts/reports';
import { formatHours } from '../lib/format';
import { ReportStatGrid } from './report-stat-grid';
import { TopPerformers } from './top-performers';
import { TopProjects } from './top-projects';

/** Overview: four headline figures, the top projects and the top performers. */
export function OverviewView({ report }: { report: Report }) {
  return (
    <>
      <ReportStatGrid
        stats={[
          { title: L.totalHours, value: formatHours(report.timeTracking.totalHours), icon: Clock },
          { title: L.timeEntries, value: String(report.timeTracking.totalEntries), icon: ListChecks },
          {
            title: L.ticketsClosed,
            value: String(report.tickets.closedTickets),
            icon: CircleCheck,
            variant: 'success',
          },
          { title: L.activeUsers, value: String(report.team.activeUsers), icon: Users, variant: 'warning' },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopProjects projects={report.timeTracking.topProjects} />
        <TopPerformers performers={report.team.topPerformers} />
      </div>
    </>
  );
}
