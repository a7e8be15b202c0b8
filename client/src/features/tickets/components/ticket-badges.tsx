import {
  TICKET_PRIORITY_META,
  TICKET_STATUS_META,
  type TicketPriority,
  type TicketStatus,
} from '@shared/constants';
import { Badge } from '@/components/ui/badge';

/** The status's label in its colour (spec §4). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { label, colour } = TICKET_STATUS_META[status];
  return <Badge variant={colour}>{label}</Badge>;
}

/** The priority's label in its colour (spec §4). */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const { label, colour } = TICKET_PRIORITY_META[priority];
  return <Badge variant={colour}>{label}</Badge>;
}
