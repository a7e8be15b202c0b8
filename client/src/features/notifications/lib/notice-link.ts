import type { Notification } from '@shared/contracts/notifications';
import { loanPath, settingsSectionPath, ticketDetailsPath } from '@/lib/paths';

/** Where a notice leads: its ticket, its loan on the Loaner Equipment page, or the webhooks. */
export function noticeHref(notice: Notification): string | undefined {
  if (notice.ticketId) return ticketDetailsPath(notice.ticketId);
  if (notice.equipmentId) return loanPath(notice.equipmentId);
  // Issue 43: a webhook turned off is looked at in Settings → Webhooks (admins).
  if (notice.kind === 'webhook_off') return settingsSectionPath('webhooks');
  return undefined;
}
