import type { LucideIcon } from 'lucide-react';
import { StatCard, type StatCardVariant } from '@/components/stat-card';

export interface ReportStat {
  title: string;
  value: string;
  icon: LucideIcon;
  variant?: StatCardVariant;
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
        />
      ))}
    </div>
  );
}
