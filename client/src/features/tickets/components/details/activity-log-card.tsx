import {
  ArchiveRestore,
  CheckCircle2,
  Clock,
  ClockAlert,
  Flag,
  GitMerge,
  History,
  Inbox,
  Laptop,
  PlusCircle,
  RefreshCw,
  RotateCcw,
  Send,
  StickyNote,
  Trash2,
  UserCheck,
  Users,
  type LucideIcon,
  SlidersHorizontal,
  Star,
  Tag,
} from 'lucide-react';
import { useMemo } from 'react';
import type { TicketEventKind } from '@shared/constants';
import type { Ticket } from '@shared/contracts/tickets';
import { SectionCard } from '@/components/ui/section-card';
import { useTicketFields } from '@/lib/ticket-fields';
import { useTicketActivity } from '../../api/get-ticket-activity';
import { activityEntries, type ActivityEntry } from './activity-entries';
import { Timestamp } from './timestamp';

const KIND_ICONS = {
  created: PlusCircle,
  assignee: UserCheck,
  closed: CheckCircle2,
  reopened: RotateCcw,
  status: RefreshCw,
  priority: Flag,
  note_added: StickyNote,
  reply_sent: Send,
  message_received: Inbox,
  time_logged: Clock,
  merged: GitMerge,
  deleted: Trash2,
  restored: ArchiveRestore,
  sla_breach: ClockAlert,
  tags: Tag,
  field: SlidersHorizontal,
  group: Users,
  rated: Star,
  loan: Laptop,
} as const satisfies Record<TicketEventKind, LucideIcon>;

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const Icon = KIND_ICONS[entry.kind];
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted">
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm font-medium">{entry.title}</p>
        <p className="text-sm break-words text-muted-foreground">{entry.detail}</p>
        <Timestamp iso={entry.at} className="text-xs text-muted-foreground" />
      </div>
    </li>
  );
}

/** What happened to the ticket, oldest first (spec §2): its full history (issue 26). */
export function ActivityLogCard({ ticket }: { ticket: Ticket }) {
  const { data: events, isError } = useTicketActivity(ticket.id);
  const { data: fields } = useTicketFields();
  const fieldLabels = useMemo(
    () => new Map((fields ?? []).map((field) => [field.key, field.label])),
    [fields],
  );
  return (
    <SectionCard title="Activity Log" icon={History}>
      {events ? (
        <ol className="space-y-4">
          {activityEntries(events, ticket, fieldLabels).map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground" aria-busy={!isError}>
          {isError ? 'The activity could not be loaded.' : 'Loading activity...'}
        </p>
      )}
    </SectionCard>
  );
}
