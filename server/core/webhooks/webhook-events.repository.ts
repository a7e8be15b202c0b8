/**
 * Records webhook events (issue 43, docs/decisions/133-webhooks.md) in the caller's transaction: the
 * event exists exactly when the change it reports commits, with one pending delivery per active
 * webhook that wants it, which the sender (server/features/webhooks/webhook-sender.job.ts) then POSTs
 * in order. Nothing is written while no webhook wants the event: a small statement finds that out
 * first, so a change no webhook wants costs one cheap read. The statements are prepared (named), so
 * PostgreSQL plans them once per connection, not on every ticket change.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryEvent, WebhookEvent } from '@shared/contracts/webhooks';
import type { DbOrTx } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import { executePrepared } from '../../db/prepared';

type RecordedListener = () => void;
const recordedListeners = new Set<RecordedListener>();

/**
 * Runs `listener` after a transaction that recorded deliveries commits, in this process (the sender
 * asks for a run at once instead of at its next interval). Answers how to remove it.
 */
export function whenWebhookDeliveriesRecorded(listener: RecordedListener): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * After the commit, tells the listeners that `recorded` deliveries wait (redelivery calls it too);
 * outside a transaction of createDb's, the sender's interval will find them.
 */
export function tellAfterCommit(recorded: number | null | undefined): void {
  if (!recorded || recordedListeners.size === 0) return;
  try {
    afterCommit(() => {
      for (const listener of recordedListeners) listener();
    });
  } catch {
    // Not in a transaction with after-commit callbacks: the sender's next interval delivers.
  }
}

/** The path of a ticket in the app; the sender makes it absolute with the app's address. */
export const ticketPath = (ticketId: string) => `/tickets/${ticketId}`;

/**
 * A ticket as webhook payloads carry it, built by PostgreSQL from the row as it is now
 * (`webhookTicketSchema`): alias `t` is the ticket, `a` its assignee, `g` its group.
 */
const TICKET_JSON = sql.raw(`jsonb_build_object(
  'id', t.id, 'number', t.ticket_number, 'subject', t.subject, 'status', t.status,
  'priority', t.priority,
  'requester', jsonb_build_object('name', t.from_name, 'email', t.from_email),
  'assignee', CASE WHEN a.id IS NULL THEN NULL
    ELSE jsonb_build_object('id', a.id, 'name', trim(concat_ws(' ', a.first_name, a.last_name))) END,
  'group', CASE WHEN g.id IS NULL THEN NULL ELSE jsonb_build_object('id', g.id, 'name', g.name) END,
  'createdAt', t.created_at, 'closedAt', t.closed_at,
  'url', '/tickets/' || t.id)`);

/**
 * One event about a ticket: its `data` is `{ticket}` merged with `extra` (and, for ticket.closed, the
 * hours tracked: the ticket's time entries, summed where they are).
 */
export interface TicketEvent {
  ticketId: string;
  event: WebhookEvent;
  extra?: Record<string, unknown>;
}

/** Which webhooks get an event: every active one that wants it, or one active webhook (a rule's). */
type Receivers = { wanting: true } | { only: string };

/** The SQL test of webhook `w` getting event `event` (an SQL expression). */
const receives = (receivers: Receivers, event: SQL) =>
  'only' in receivers
    ? sql`w.active AND w.id = ${receivers.only}::uuid`
    : sql`w.active AND ${event} = ANY (w.events)`;

/**
 * Records events about tickets (the ticket read in the same statement, only for the events a webhook
 * wants), with their deliveries. Events keep the order given.
 */
export async function recordTicketEvents(tx: DbOrTx, events: readonly TicketEvent[]): Promise<void> {
  const wanted = await wantedEvents(tx, events);
  if (wanted.size === 0) return;
  await insertTicketEvents(
    tx,
    events.filter((e) => wanted.has(e.event)),
    { wanting: true },
  );
}

/**
 * Which of `events` an active webhook wants: a statement PostgreSQL plans in a fraction of a
 * millisecond, asked first so that a change no webhook wants never pays for the recording statement.
 */
async function wantedEvents(tx: DbOrTx, events: readonly { event: string }[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const names = [...new Set(events.map((e) => e.event))];
  const { rows } = await executePrepared<{ event: string }>(
    tx,
    'webhooks_wanted_events',
    sql`SELECT DISTINCT e.event FROM webhooks w, unnest(w.events) AS e(event)
         WHERE w.active AND w.events && ${sql.param(names)}::text[] AND e.event = ANY (${sql.param(names)}::text[])`,
  );
  return new Set(rows.map((row) => row.event));
}

/**
 * A rule's webhook action (issue 43): `rule.matched` with the ticket, to that one webhook whatever it
 * subscribed to. Answers whether it was recorded (false: the webhook is off or gone).
 */
export async function recordRuleDelivery(
  tx: DbOrTx,
  webhookId: string,
  ticketId: string,
  rule: { id: string; name: string },
): Promise<boolean> {
  const events = [{ ticketId, event: 'rule.matched' as const, extra: { rule } }];
  return (await insertTicketEvents(tx, events, { only: webhookId })) > 0;
}

/**
 * One statement per event, in order, with scalar parameters and prepared (a name per kind of
 * receivers): PostgreSQL then keeps one generic plan for it after five runs, 0.08 ms to plan instead
 * of 1.2 ms. (With the events as arrays the plan's cost depends on their length, so PostgreSQL plans
 * every run afresh: that was most of what recording cost a ticket update, bench/webhooks.ts.)
 */
async function insertTicketEvents(
  tx: DbOrTx,
  events: readonly { ticketId: string; event: WebhookDeliveryEvent; extra?: Record<string, unknown> }[],
  receivers: Receivers,
): Promise<number> {
  let recorded = 0;
  for (const { ticketId, event, extra } of events) {
    const result = await executePrepared(
      tx,
      'only' in receivers ? 'webhooks_record_ticket_event_to' : 'webhooks_record_ticket_event',
      sql`
    WITH wanted AS MATERIALIZED (
      SELECT gen_random_uuid() AS id, ${ticketId}::uuid AS ticket_id, ${event}::text AS event,
             ${JSON.stringify(extra ?? {})}::jsonb AS extra
      WHERE EXISTS (SELECT 1 FROM webhooks w WHERE ${receives(receivers, sql`${event}::text`)})
    ),
    recorded AS (
      INSERT INTO webhook_events (id, event, data)
      SELECT wanted.id, wanted.event,
        jsonb_build_object('ticket', ${TICKET_JSON}) || wanted.extra || CASE WHEN wanted.event = 'ticket.closed'
          THEN jsonb_build_object('hoursTracked',
            (SELECT coalesce(sum(te.hours), 0)::float8 FROM time_entries te WHERE te.ticket_id = t.id))
          ELSE '{}'::jsonb END
      FROM wanted
      JOIN tickets t ON t.id = wanted.ticket_id
      LEFT JOIN users a ON a.id = t.assigned_to
      LEFT JOIN groups g ON g.id = t.group_id
      RETURNING id
    )
    ${insertDeliveries(sql`SELECT recorded.id, ${event}::text AS event, 1 AS ord FROM recorded`, receivers)}`,
    );
    recorded += result.rowCount ?? 0;
  }
  tellAfterCommit(recorded);
  return recorded;
}

/** The deliveries of `events` (id, event, ord): one per webhook that gets it, in `ord` order. */
const insertDeliveries = (events: SQL, receivers: Receivers = { wanting: true }) => sql`
    INSERT INTO webhook_deliveries (webhook_id, event_id)
    SELECT w.id, ev.id
    FROM (${events}) AS ev
    JOIN webhooks w ON ${receives(receivers, sql`ev.event`)}
    ORDER BY ev.ord, w.id`;

/**
 * A loan as webhook payloads carry it (`webhookLoanSchema`): alias `l` is the loan, `a` its asset.
 * Loans keep a borrower's name, phone and office, not an email.
 */
const LOAN_JSON = sql.raw(`jsonb_build_object(
  'id', l.id, 'productType', l.product_type, 'assetTag', a.asset_tag,
  'borrower', jsonb_build_object('name', l.person_name, 'phone', l.phone, 'officeNumber', l.office_number),
  'checkoutDate', l.checkout_date, 'expectedReturnDate', l.expected_return_date,
  'returnedOn', l.actual_return_date, 'ticketId', l.ticket_id)`);

/** One event about a loan; `onceKey` keeps an event a periodic pass finds to one. */
export interface LoanEvent {
  loanId: string;
  event: Extract<WebhookEvent, `loan.${string}`>;
  onceKey?: string;
}

/** Records events about loans (the loan read in the same statement, only when a webhook wants one). */
export async function recordLoanEvents(tx: DbOrTx, events: readonly LoanEvent[]): Promise<void> {
  if ((await wantedEvents(tx, events)).size === 0) return;
  const result = await tx.execute(sql`
    WITH wanted AS MATERIALIZED (
      SELECT gen_random_uuid() AS id, e.ord, e.loan_id, e.event, e.once_key
      FROM unnest(${sql.param(events.map((e) => e.loanId))}::uuid[],
                  ${sql.param(events.map((e) => e.event))}::text[],
                  ${sql.param(events.map((e) => e.onceKey ?? null))}::text[])
        WITH ORDINALITY AS e(loan_id, event, once_key, ord)
      WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.active AND e.event = ANY (w.events))
    ),
    recorded AS (
      INSERT INTO webhook_events (id, event, data, once_key)
      SELECT wanted.id, wanted.event, jsonb_build_object('loan', ${LOAN_JSON}), wanted.once_key
      FROM wanted
      JOIN loaner_equipment l ON l.id = wanted.loan_id
      LEFT JOIN assets a ON a.id = l.asset_id
      ON CONFLICT (once_key) WHERE once_key IS NOT NULL DO NOTHING
      RETURNING id
    )
    ${insertDeliveries(sql`SELECT wanted.id, wanted.event, wanted.ord FROM wanted JOIN recorded USING (id)`)}`);
  tellAfterCommit(result.rowCount);
}

/** Records an event that is not about one ticket or loan as it is now (a rating). */
export async function recordWebhookEvent(
  tx: DbOrTx,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const result = await tx.execute(sql`
    WITH recorded AS (
      INSERT INTO webhook_events (event, data)
      SELECT ${event}, ${JSON.stringify(data)}::jsonb
      WHERE EXISTS (SELECT 1 FROM webhooks w WHERE w.active AND ${event} = ANY (w.events))
      RETURNING id, event
    )
    ${insertDeliveries(sql`SELECT id, event, 1 AS ord FROM recorded`)}`);
  tellAfterCommit(result.rowCount);
}

/**
 * Records an event for one webhook whatever it subscribed to (Send Test's ping, a rule's action):
 * answers the delivery's id, or undefined when the webhook is not there.
 */
export async function recordDeliveryTo(
  tx: DbOrTx,
  webhookId: string,
  event: WebhookDeliveryEvent,
  data: Record<string, unknown>,
): Promise<string | undefined> {
  const result = await tx.execute<{ id: string }>(sql`
    WITH recorded AS (
      INSERT INTO webhook_events (event, data)
      SELECT ${event}, ${JSON.stringify(data)}::jsonb
      WHERE EXISTS (SELECT 1 FROM webhooks WHERE id = ${webhookId})
      RETURNING id
    )
    INSERT INTO webhook_deliveries (webhook_id, event_id)
    SELECT ${webhookId}, id FROM recorded
    RETURNING id`);
  tellAfterCommit(result.rowCount);
  return result.rows[0]?.id;
}
