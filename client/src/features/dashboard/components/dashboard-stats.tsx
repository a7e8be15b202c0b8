import { CircleCheck, Clock, Inbox, Timer, type LucideIcon } from 'lucide-react';
import type { DashboardStats as Stats } from '@shared/contracts/dashboard';
import { StatCard, type StatCardVariant } from '@/components/stat-card';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useDashboardStats } from '../api/get-dashboard-stats';

interface StatDefinition {
  title: string;
  icon: LucideIcon;
  variant: StatCardVariant;
  /** Spec §2: each card shows a fixed trend text; it is not computed from any data. */
  trend: string;
  value: (stats: Stats) => string;
}

const STATS: readonly StatDefinition[] = [
  { title: 'Open Tickets', icon: Inbox, variant: 'destructive', trend: '+2', value: (s) => String(s.open) },
  { title: 'In Progress', icon: Clock, variant: 'warning', trend: '-1', value: (s) => String(s.inProgress) },
  {
    title: 'Closed Today',
    icon: CircleCheck,
    variant: 'success',
    trend: '+3',
    value: (s) => String(s.closedToday),
  },
  {
    title: 'Avg Response Time',
    icon: Timer,
    variant: 'primary',
    trend: '-0.5h',
    value: (s) => `${s.avgResponseTime}h`,
  },
];

/** A figure that failed to load reads as a dash rather than as a misleading zero. */
const UNKNOWN_VALUE = '—';

export function DashboardStats() {
  const stats = useDashboardStats();
  useSessionExpiryRedirect(stats.error);
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STATS.map((stat) => (
        <StatCard
          key={stat.title}
          title={stat.title}
          icon={stat.icon}
          variant={stat.variant}
          trend={stat.trend}
          isLoading={stats.isPending}
          value={stats.data ? stat.value(stats.data) : UNKNOWN_VALUE}
        />
      ))}
    </div>
  );
}
