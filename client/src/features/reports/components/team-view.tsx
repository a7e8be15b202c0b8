import { Medal, Timer, UserCheck, Users } from 'lucide-react';
import { REPORT_LABELS as L, REPORT_LIMITS } from '@shared/contracts/reports';
import { changeOf } from '../lib/compare';
import { formatHours } from '../lib/format';
import { PerformanceTable } from './performance-table';
import { SectionCard } from '@/components/ui/section-card';
import { EmptyNote } from './empty-note';
import { ReportStatGrid, type ReportViewProps } from './report-stat-grid';
import { NO_PERFORMERS } from './top-performers';

/** Team Performance: users, active users, the average resolution time and the ranking. */
export function TeamView({ report, previous }: ReportViewProps) {
  const team = report.team;
  const change = changeOf(report, previous);
  return (
    <>
      <ReportStatGrid
        stats={[
          // Every account, whatever the period: nothing to compare.
          { title: L.totalUsers, value: String(team.totalUsers), icon: Users },
          {
            title: L.activeUsers,
            value: String(team.activeUsers),
            icon: UserCheck,
            variant: 'success',
            change: change((r) => r.team.activeUsers),
          },
          {
            title: `${L.averageResolutionTime} (hours)`,
            value: formatHours(report.tickets.averageResolutionTime),
            icon: Timer,
            variant: 'warning',
            change: change((r) => r.tickets.averageResolutionTime, formatHours),
          },
        ]}
      />
      <SectionCard
        title={L.individualPerformance}
        icon={Medal}
        description={`Up to ${REPORT_LIMITS.topPerformers} people who closed tickets or logged time in this period.`}
      >
        {team.topPerformers.length === 0 ? (
          <EmptyNote>{NO_PERFORMERS}</EmptyNote>
        ) : (
          <PerformanceTable performers={team.topPerformers} />
        )}
      </SectionCard>
    </>
  );
}
