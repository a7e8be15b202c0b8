import type { Notification } from '@shared/contracts/notifications';
import { loanPath, ticketDetailsPath } from '@/lib/paths';

/** Where a notice leads: its ticket, or its loan on the Loaner Equipment page. */
export function noticeHref(notice: Notification): string | undefined {
  if (notice.ticketId) return ticketDetailsPath(notice.ticketId);
  if (notice.equipmentId) return loanPath(notice.equipmentId);
  return undefined;
}
