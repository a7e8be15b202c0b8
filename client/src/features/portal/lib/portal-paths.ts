/**
 * The portal's pages (issue 41), under /portal: server/app.ts serves portal.html for every one of
 * them. The router's base is PORTAL_BASE, so these paths are relative to it.
 */
export const PORTAL_BASE = '/portal';

export const portalPaths = {
  signIn: '/',
  signInLink: '/sign-in/:token',
  tickets: '/tickets',
  newTicket: '/tickets/new',
  ticket: '/tickets/:id',
  rate: '/rate/:token',
} as const;

/** Where links and redirects to sign in go: /portal itself (the router's "/" would be /portal/). */
export const PORTAL_HOME = `~${PORTAL_BASE}`;

export const portalTicketPath = (id: string) => `${portalPaths.tickets}/${encodeURIComponent(id)}`;

/** A page of the list: the tab and page in the query, so Back and a reload keep them. */
export function portalTicketsPath(status: 'open' | 'closed', page = 1): string {
  const query = new URLSearchParams();
  if (status !== 'open') query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${portalPaths.tickets}?${search}` : portalPaths.tickets;
}

export const portalAttachmentUrl = (id: string) => `/api/portal/attachments/${encodeURIComponent(id)}`;
