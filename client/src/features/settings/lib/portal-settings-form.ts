import { ApiError } from '@/lib/api-client';
import type { PortalNewTicketMode, PortalSettings } from '@shared/contracts/portal';

/** The Portal card's values as the admin edits them: the domains as typed. */
export interface PortalSettingsDraft {
  enabled: boolean;
  newTickets: PortalNewTicketMode;
  domains: string;
  csat: boolean;
}

export const draftOfPortalSettings = (saved: PortalSettings): PortalSettingsDraft => ({
  enabled: saved.enabled,
  newTickets: saved.newTickets,
  domains: saved.allowedDomains.join('\n'),
  csat: saved.csat,
});

/** "a.com, b.org" or one per line, as typed, into the list the server takes (it checks each). */
export const parseDomains = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

/** POST /api/settings's value: the domains only in `domains` mode (the others ignore them). */
export const portalSettingsOf = (draft: PortalSettingsDraft): PortalSettings => ({
  enabled: draft.enabled,
  newTickets: draft.newTickets,
  allowedDomains: draft.newTickets === 'domains' ? parseDomains(draft.domains) : [],
  csat: draft.csat,
});

/** The portal's own address, which requesters open (the agent app's origin). */
export const portalAddress = (origin: string): string => `${origin.replace(/\/+$/, '')}/portal`;

/**
 * Where a 400's messages go: the domains' (`value.allowedDomains`, `value.allowedDomains.2`) under the
 * domains, any other one above the form.
 */
export function portalSaveProblems(error: unknown): { domains?: string; form?: string } {
  const fieldErrors = error instanceof ApiError ? error.body?.fieldErrors : undefined;
  const entries = Object.entries(fieldErrors ?? {});
  const domains = entries.find(([field]) => field.startsWith('value.allowedDomains'))?.[1][0];
  const other = entries.find(([field]) => !field.startsWith('value.allowedDomains'))?.[1][0];
  return { domains, form: other };
}
