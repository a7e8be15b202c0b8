import {
  TICKET_PRIORITY_META,
  TICKET_STATUS_META,
  type TicketPriority,
  type TicketStatus,
} from '@shared/constants';
import { Badge } from '@/components/ui/badge';

/**
 * The status's label in its colour (spec §4). `wrap`: a long label ("Closed w/o Harvest Time") may
 * take two lines below 1536 px, so the list's table fits from 1280 px.
 */
export function TicketStatusBadge({ status, wrap = false }: { status: TicketStatus; wrap?: boolean }) {
  const { label, colour } = TICKET_STATUS_META[status];
  return (
    <Badge
      variant={colour}
      className={wrap ? 'rounded-xl whitespace-normal 2xl:whitespace-nowrap' : undefined}
    >
      {label}
    </Badge>
  );
}

/** The priority's label in its colour (spec §4). */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { label, colour } = TICKET_PRIORITY_META[priority];
  return <Badge variant={colour}>{label}</Badge>;
}
