/**
 * The one line the `slack` format posts for each event ("New high ticket T-1001 from Jane Doe: VPN
 * down, <link>"): Slack turns `<url>` into a link, Teams shows the address. Read from the stored
 * payload, so it says what the JSON format would carry.
 */
import type {
  WebhookDeliveryEvent,
  WebhookEventData,
  WebhookTicket,
  WebhookLoan,
} from '@shared/contracts/webhooks';

const link = (ticket: WebhookTicket) => `<${ticket.url}>`;
const loanItem = (loan: WebhookLoan) =>
  loan.assetTag ? `${loan.productType} ${loan.assetTag}` : loan.productType;

type Texts = { [E in WebhookDeliveryEvent]: (data: WebhookEventData<E>) => string };

const TEXTS: Texts = {
  'ticket.created': ({ ticket }) =>
    `New ${ticket.priority} ticket ${ticket.number} from ${ticket.requester.name}: ${ticket.subject}, ${link(ticket)}`,
  'ticket.updated': ({ ticket, changes }) =>
    `${ticket.number} changed (${Object.keys(changes).join(', ')}): ${ticket.subject}, ${link(ticket)}`,
  'ticket.closed': ({ ticket, hoursTracked }) =>
    `${ticket.number} closed, ${hoursTracked} h tracked: ${ticket.subject}, ${link(ticket)}`,
  'ticket.deleted': ({ ticket }) => `${ticket.number} moved to the Trash: ${ticket.subject}`,
  'message.received': ({ ticket, from }) =>
    `New message from ${from.name} on ${ticket.number}: ${ticket.subject}, ${link(ticket)}`,
  'reply.sent': ({ ticket }) => `Reply sent on ${ticket.number}: ${ticket.subject}, ${link(ticket)}`,
  'note.added': ({ ticket }) => `Note added on ${ticket.number}: ${ticket.subject}, ${link(ticket)}`,
  'loan.created': ({ loan }) =>
    `${loanItem(loan)} lent to ${loan.borrower.name} until ${loan.expectedReturnDate}`,
  'loan.returned': ({ loan }) => `${loanItem(loan)} returned by ${loan.borrower.name}`,
  'loan.overdue': ({ loan }) =>
    `${loanItem(loan)} lent to ${loan.borrower.name} is overdue (due ${loan.expectedReturnDate})`,
  'sla.warning': ({ ticket, target, dueAt }) =>
    `${ticket.number} ${target} is due ${dueAt}: ${ticket.subject}, ${link(ticket)}`,
  'sla.breached': ({ ticket, target }) =>
    `${ticket.number} missed its ${target} target: ${ticket.subject}, ${link(ticket)}`,
  'rating.received': ({ ticket, rating }) =>
    `${ticket.number} rated ${rating === 'good' ? 'Good' : 'Bad'} by ${ticket.requester.name}: ${ticket.subject}, ${link(ticket)}`,
  ping: () => 'Test from the help desk: this webhook works',
  'rule.matched': ({ rule, ticket }) =>
    `Rule: ${rule.name} on ${ticket.number}: ${ticket.subject}, ${link(ticket)}`,
};

/** The text of `event` with its `data` (as stored, links made absolute). */
export function slackText(event: WebhookDeliveryEvent, data: Record<string, unknown>): string {
  return (TEXTS[event] as (value: Record<string, unknown>) => string)(data);
}
