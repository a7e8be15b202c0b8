import { CheckCircle2, History, PlusCircle, UserCheck, type LucideIcon } from 'lucide-react';
import type { Ticket } from '@shared/contracts/tickets';
import { activityEntries, type ActivityEntry, type ActivityKind } from './activity-entries';
import { SectionCard } from '@/components/ui/section-card';
import { Timestamp } from './timestamp';

const KIND_ICONS = {
  created: PlusCircle,
  assigned: UserCheck,
  closed: CheckCircle2,
} as const satisfies Record<ActivityKind, LucideIcon>;

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const Icon = KIND_ICONS[entry.kind];
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium">{entry.title}</p>
        <p className="text-sm text-muted-foreground">{entry.detail}</p>
        <Timestamp iso={entry.at} className="text-xs text-muted-foreground" />
      </div>
    </li>
  );
}

/** What happened to the ticket, oldest first (spec §2). */
export function ActivityLogCard({ ticket }: { ticket: Ticket }) {
  return (
    <SectionCard title="Activity Log" icon={History}>
      <ol className="space-y-4">
        {activityEntries(ticket).map((entry) => (
          <ActivityItem key={entry.kind} entry={entry} />
        ))}
      </ol>
    </SectionCard>
  );
}
