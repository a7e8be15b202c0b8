/** The words of Settings → Portal (issue 41, admins only): Title Case buttons, sentence-case toasts. */
export const PORTAL_TEXTS = {
  section: 'Portal',
  title: 'Portal',
  description: 'Requesters follow and open their own tickets, signing in with a link sent to their address.',
  enabled: 'Requesters can use the portal',
  enabledHint: 'While it is off, the portal does not open and sends no sign-in links.',
  address: 'Portal Address',
  newTickets: 'Who Can Open Tickets',
  domains: 'Allowed Domains',
  domainsHint: 'One per line, like example.com. Addresses of subdomains are not included.',
  csat: 'Ask for a rating when a ticket is closed',
  csatHint: 'The requester gets a “How did we do?” email with Good and Bad links.',
  save: 'Save Portal Settings',
  saving: 'Saving...',
  saved: 'Portal settings saved',
  saveFailed: 'Could not save the portal settings',
  loadFailed: 'The portal settings could not be loaded.',
} as const;
