import { TICKET_STATUS_META, type TicketStatus } from '@shared/constants';
import { Badge } from '@/components/ui/badge';
import { portalStatusLabel } from '../lib/portal-texts';

/** A ticket's status in the agents' colours, named as the requester knows it (both closed states: Closed). */
export function PortalStatusBadge({ status }: { status: string }) {
  const colour = TICKET_STATUS_META[status as TicketStatus]?.colour ?? 'outline';
  return <Badge variant={colour}>{portalStatusLabel(status)}</Badge>;
}
