import { CircleCheck, Clock, ListChecks, Users } from 'lucide-react';
import { REPORT_LABELS as L } from '@shared/contracts/reports';
import { changeOf } from '../lib/compare';
import { formatHours } from '../lib/format';
import { ReportStatGrid, type ReportViewProps } from './report-stat-grid';
import { TopPerformers } from './top-performers';
import { TopProjects } from './top-projects';

/** Overview: four headline figures, the top projects and the top performers. */
export function OverviewView({ report, previous }: ReportViewProps) {
  const change = changeOf(report, previous);
  return (
    <>
      <ReportStatGrid
        stats={[
          {
            title: L.totalHours,
            value: formatHours(report.timeTracking.totalHours),
            icon: Clock,
            change: change((r) => r.timeTracking.totalHours, formatHours),
          },
          {
            title: L.timeEntries,
            value: String(report.timeTracking.totalEntries),
            icon: ListChecks,
            change: change((r) => r.timeTracking.totalEntries),
          },
          {
            title: L.ticketsClosed,
            value: String(report.tickets.closedTickets),
            icon: CircleCheck,
            variant: 'success',
            change: change((r) => r.tickets.closedTickets),
          },
          {
            title: L.activeUsers,
            value: String(report.team.activeUsers),
            icon: Users,
            variant: 'warning',
            change: change((r) => r.team.activeUsers),
          },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <TopProjects projects={report.timeTracking.topProjects} />
        <TopPerformers performers={report.team.topPerformers} />
      </div>
    </>
  );
}
