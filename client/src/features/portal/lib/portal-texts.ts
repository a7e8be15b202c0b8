import { PORTAL_LIMITS, PORTAL_MESSAGES } from '@shared/contracts/portal-values';

/**
 * The portal's own words (issue 41): Title Case buttons and titles, sentence-case messages. What the
 * server also says (the 202's answer, the errors) comes from shared/contracts/portal.ts.
 */
export const PORTAL_TEXTS = {
  portalName: 'Help Desk Portal',
  // Sign in
  signInTitle: 'Sign In',
  signInDescription:
    'Follow your tickets and open new ones. We email you a link to sign in: no password needed.',
  email: 'Email',
  sendLink: 'Send Sign-In Link',
  sendingLink: 'Sending...',
  sendAnother: 'Send Another Link',
  linkTitle: 'Sign in to follow your tickets',
  linkDescription: `This link works once, for ${PORTAL_LIMITS.signInLinkMinutes} minutes.`,
  continue: 'Continue',
  continuing: 'Signing in...',
  newLink: 'Ask for a New Link',
  // Header
  signOut: 'Sign Out',
  signingOut: 'Signing out...',
  // My tickets
  myTickets: 'My Tickets',
  newTicket: 'New Ticket',
  open: 'Open',
  closed: 'Closed',
  openList: 'Open tickets',
  closedList: 'Closed tickets',
  noOpen: 'No open tickets.',
  noClosed: 'No closed tickets.',
  updated: 'Updated',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pagination: 'Pages',
  // A ticket
  backToTickets: 'My Tickets',
  status: 'Status',
  opened: 'Opened',
  details: 'Details',
  conversation: 'Conversation',
  conversationList: 'Messages, oldest first',
  noMessages: 'No messages yet.',
  you: 'You',
  helpDesk: 'Help Desk',
  attachments: 'Attachments',
  reply: 'Reply',
  replyLabel: 'Your reply',
  closedNote: 'This ticket is closed. Replying reopens it.',
  attachFiles: 'Attach Files',
  filesToSend: 'Files to send',
  removeFile: (name: string) => `Remove ${name}`,
  sendReply: 'Send Reply',
  sendingReply: 'Sending...',
  replySent: 'Reply sent.',
  ticketNotFound: PORTAL_MESSAGES.ticketNotFound,
  // New ticket
  subject: 'Subject',
  message: 'Message',
  openTicket: 'Open Ticket',
  openingTicket: 'Opening...',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
  noChoice: 'No choice',
  // Rate
  rateTitle: 'How did we do?',
  rateDescription: (ticketNumber: string, subject: string) => `Your request ${ticketNumber}: ${subject}`,
  rating: 'Your rating',
  comment: 'Comment',
  commentHint: 'Optional',
  submit: 'Submit',
  submitting: 'Submitting...',
  changeHint: 'You can change your rating and submit again.',
  // Everywhere
  loading: 'Loading...',
  loadFailed: 'Could not load this page.',
  retry: 'Try Again',
  sendFailed: 'Could not send. Try again.',
  pageNotFound: 'Page not found',
  goToPortal: 'Go to the Portal',
} as const;

/** What a requester calls each status: both closed states are just Closed. */
export const PORTAL_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  closed: 'Closed',
  closed_with_harvest: 'Closed',
};

export const portalStatusLabel = (status: string) => PORTAL_STATUS_LABELS[status] ?? status;
export const isClosedStatus = (status: string) => status === 'closed' || status === 'closed_with_harvest';
