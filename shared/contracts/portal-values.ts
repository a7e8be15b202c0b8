/**
 * The portal's values that hold no zod (issue 41): texts, limits and the rating's scores. The portal's
 * own bundle imports them from here, so zod (the schemas of ./portal.ts) stays out of its first page;
 * ./portal.ts re-exports them for everyone else.
 */

export const PORTAL_LIMITS = {
  /** An emailed sign-in link works once, this long, and a newer one voids it. */
  signInLinkMinutes: 15,
  /** A requester session lasts this long from sign-in. */
  sessionDays: 30,
  /** A rating link records (and changes) a rating this long after the close that sent it. */
  ratingLinkDays: 30,
  ticketsPageSize: 20,
  subject: 200,
  text: 10_000,
  comment: 2_000,
} as const;

export const PORTAL_MESSAGES = {
  /** The 202 of POST /api/portal/sign-in, whatever the address. */
  linkRequested:
    'If this address can use the portal, a sign-in link is on its way. It works once, for 15 minutes.',
  noEmail: 'This help desk cannot send email yet, so no sign-in link can be sent.',
  portalOff: 'The portal is not open.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
  signedOut: 'Signed out',
  notSignedIn: 'Sign in to the portal first.',
  tooManySignIns: 'Too many sign-in links asked for. Try again later.',
  ticketNotFound: 'Ticket not found',
  attachmentNotFound: 'File not found',
  newTicketsClosed: 'Opening tickets here is not open to this address. Email the help desk instead.',
  ratingInvalid: 'This rating link has expired.',
  ratingSaved: 'Thank you: your rating is saved.',
} as const;

export const CSAT_SCORES = ['good', 'bad'] as const;
export type CsatScore = (typeof CSAT_SCORES)[number];

export const CSAT_SCORE_LABELS = { good: 'Good', bad: 'Bad' } as const satisfies Record<CsatScore, string>;
