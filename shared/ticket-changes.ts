/**
 * The closed sets a recorded ticket change (server/core/ticket-changes) is described with: how it came
 * (its channel) and, when no user made it, which part of the help desk did.
 */

/** How a change came: a user's single-ticket request, a bulk request, an email, or the app itself. */
export const TICKET_CHANGE_CHANNELS = ['web', 'bulk', 'email', 'system'] as const;
export type TicketChangeChannel = (typeof TICKET_CHANGE_CHANNELS)[number];

/** The parts of the help desk that change tickets without a user. */
export const TICKET_SYSTEM_ACTORS = ['email', 'sla', 'merge', 'purge', 'harvest', 'loans'] as const;
export type TicketSystemActor = (typeof TICKET_SYSTEM_ACTORS)[number];
