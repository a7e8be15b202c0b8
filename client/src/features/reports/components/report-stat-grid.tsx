import type { LucideIcon } from 'lucide-react';
import type { Report } from '@shared/contracts/reports';
import { StatCard, type StatCardVariant } from '@/components/stat-card';

export interface ReportStat {
  title: string;
  value: string;
  icon: LucideIcon;
  variant?: StatCardVariant;
  /** The change against the previous period of the same length, once that has loaded. */
  change?: string;
}

/** What each view shows: the report, and the previous period's once loaded (for each figure's change). */
export interface ReportViewProps {
  report: Report;
  previous?: Report;
}

/** The row of figure cards at the top of each view. */
export function ReportStatGrid({ stats }: { stats: readonly ReportStat[] }) {
  return (
    <div
      role="group"
      aria-label="Summary"
      className={
        stats.length === 4 ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4' : 'grid gap-4 sm:grid-cols-3'
      }
    >
      {stats.map((stat) => (
        <StatCard
          key={stat.title}
          title={stat.title}
          value={stat.value}
          icon={stat.icon}
          variant={stat.variant}
          note={stat.change}
        />
      ))}
    </div>
  );
}
