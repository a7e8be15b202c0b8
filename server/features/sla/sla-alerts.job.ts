/**
 * The bell's SLA notices (issue 24): a periodic task of the job runner (never a page being open) looks
 * at the tickets whose `sla_alert_at` has come, tells the assignee (every active admin when unassigned)
 * of each warning and breach due by now, records a breach in the ticket's history, and moves
 * `sla_alert_at` on to the ticket's next alert (null when none).
 *
 * Exactly once per ticket, target and due time, however many processes run it: the rows are claimed
 * with FOR UPDATE SKIP LOCKED (a second process takes other tickets or none), the notices carry dedupe
 * keys (`sla_warning:{ticket}:{target}:{due}`) under the notifications' partial unique index, and the
 * history row is written only when none exists for that due time. A warning is raised only while its
 * due time is still ahead (a ticket found already overdue gets the breach alone).
 */
import { sql } from 'drizzle-orm';
import { CLOSED_TICKET_STATUSES } from '@shared/constants';
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import { SLA_TARGET_LABELS } from '@shared/contracts/sla';
import { tickets } from '@shared/schema';
import { recordTicketChange } from '../../core/ticket-changes/ticket-changes.service';
import type { Database, DbOrTx } from '../../db/client';
import type { JobRunner } from '../../jobs/job-runner';
import { logger } from '../../lib/logger';
import { insertNotices, type NewNotice } from '../../core/notifications/notices.service';
import { activeAdminIds } from '../../core/users/users.repository';
import { recordTicketEvents, type TicketEvent } from '../../core/webhooks/webhook-events.repository';
import { getBusinessHours, getSlaPolicies } from '../../core/sla/sla-settings';
import {
  alertEvents,
  pendingDues,
  type SlaAlertEvent,
  type TicketSlaColumns,
} from '../../core/sla/ticket-sla';

export const SLA_ALERT_QUEUE = 'sla.alerts';
export const SLA_ALERT_BATCH = 500;

interface AlertRow extends Record<string, unknown> {
  id: string;
  ticket_number: string;
  subject: string;
  status: string;
  assigned_to: string | null;
  /** Epoch milliseconds. */
  fr_due: number | null;
  res_due: number | null;
  fr_met: boolean | null;
  res_met: boolean | null;
  now: number;
}

const date = (value: number | null) => (value === null ? null : new Date(Number(value)));
const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/** The tickets whose alert time has come, claimed until the transaction ends (others skip them). */
async function claimDue(tx: DbOrTx, limit: number): Promise<AlertRow[]> {
  const { rows } = await tx.execute<AlertRow>(sql`
    SELECT id, ticket_number, subject, status, assigned_to,
      ${epochMs('sla_first_response_due_at')} AS fr_due, ${epochMs('sla_resolution_due_at')} AS res_due,
      sla_first_response_met AS fr_met, sla_resolution_met AS res_met, ${epochMs('now()')} AS now
    FROM ${tickets}
    WHERE sla_alert_at <= now() AND deleted_at IS NULL
    ORDER BY sla_alert_at
    LIMIT ${limit}
    FOR UPDATE SKIP LOCKED`);
  return rows;
}

/** What a due ticket is told now, and when it must be looked at next. */
export function alertsDue(
  columns: Pick<
    TicketSlaColumns,
    'slaFirstResponseDueAt' | 'slaResolutionDueAt' | 'slaFirstResponseMet' | 'slaResolutionMet'
  >,
  open: boolean,
  warnBeforeMinutes: number,
  now: Date,
): { raise: SlaAlertEvent[]; nextAt: Date | null } {
  const events = alertEvents(
    pendingDues(
      {
        ...columns,
        slaFirstRespondedAt: null,
        slaNextDueAt: null,
        slaAlertAt: null,
        slaFirstResponseMinutes: null,
      },
      open,
    ),
    warnBeforeMinutes,
  );
  const raise = events.filter(
    (event) => event.at <= now && (event.kind === 'sla_breach' ? event.dueAt <= now : event.dueAt > now),
  );
  return { raise, nextAt: events.find((event) => event.at > now)?.at ?? null };
}

const dedupeKey = (ticketId: string, event: SlaAlertEvent) =>
  `${event.kind}:${ticketId}:${event.target}:${event.dueAt.toISOString()}`;

/** "27 Nov 2026, 15:30 (Europe/Berlin)": the due time in the calendar's zone (a notice is kept as text). */
export function dueText(dueAt: Date, timezone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${time.format(dueAt)} (${timezone})`;
}

function noticeText(row: AlertRow, event: SlaAlertEvent, timezone: string): string {
  const target = SLA_TARGET_LABELS[event.target];
  return event.kind === 'sla_breach'
    ? NOTIFICATION_TEXTS.slaBreach(row.ticket_number, target, row.subject)
    : NOTIFICATION_TEXTS.slaWarning(row.ticket_number, target, dueText(event.dueAt, timezone), row.subject);
}

/** One batch: answers how many tickets were due and how many notices were new. */
async function alertBatch(db: Database, limit: number): Promise<{ tickets: number; notices: number }> {
  return db.transaction(async (tx) => {
    const policies = (await getSlaPolicies(tx)).value;
    // Off: nothing is told; the alert times wait for SLA to be on again (its recompute resets them).
    if (!policies.enabled) return { tickets: 0, notices: 0 };
    const rows = await claimDue(tx, limit);
    if (rows.length === 0) return { tickets: 0, notices: 0 };
    const { timezone } = (await getBusinessHours(tx)).value;
    const admins = rows.some((row) => !row.assigned_to) ? await activeAdminIds(tx) : [];
    const notices: NewNotice[] = [];
    const breaches: { ticketId: string; event: SlaAlertEvent }[] = [];
    // Issue 43: a warning is no ticket change, so its webhook event is recorded here (a breach's
    // comes with the change below).
    const warnings: TicketEvent[] = [];
    const next: { id: string; at: string | null }[] = [];
    for (const row of rows) {
      const open = !(CLOSED_TICKET_STATUSES as readonly string[]).includes(row.status);
      const { raise, nextAt } = alertsDue(
        {
          slaFirstResponseDueAt: date(row.fr_due),
          slaResolutionDueAt: date(row.res_due),
          slaFirstResponseMet: row.fr_met,
          slaResolutionMet: row.res_met,
        },
        open,
        policies.warnBeforeMinutes,
        new Date(Number(row.now)),
      );
      const recipients = row.assigned_to ? [row.assigned_to] : admins;
      for (const event of raise) {
        if (event.kind === 'sla_breach') breaches.push({ ticketId: row.id, event });
        else {
          const extra = { target: SLA_TARGET_LABELS[event.target], dueAt: event.dueAt.toISOString() };
          warnings.push({ ticketId: row.id, event: 'sla.warning', extra });
        }
        for (const userId of recipients) {
          notices.push({
            userId,
            kind: event.kind,
            ticketId: row.id,
            text: noticeText(row, event, timezone),
            dedupeKey: dedupeKey(row.id, event),
          });
        }
      }
      next.push({ id: row.id, at: nextAt?.toISOString() ?? null });
    }
    const raised = await insertNotices(tx, notices);
    await recordTicketEvents(tx, warnings);
    // In the tickets' history (the Activity Log subscriber writes it once per due time: the tickets
    // are locked, so no other run can be writing them meanwhile).
    await recordTicketChange(tx, {
      actor: { system: 'sla' },
      channel: 'system',
      tickets: breaches.map(({ ticketId, event }) => ({
        ticketId,
        slaBreach: { dueAt: event.dueAt.toISOString(), target: SLA_TARGET_LABELS[event.target] },
      })),
    });
    await tx.execute(sql`
      UPDATE ${tickets} AS t SET sla_alert_at = v.at
      FROM unnest(${sql.param(next.map((row) => row.id))}::uuid[], ${sql.param(next.map((row) => row.at))}::timestamptz[])
        AS v(id, at)
      WHERE t.id = v.id`);
    return { tickets: rows.length, notices: raised };
  });
}

/** Raises every alert due by now, batch after batch; answers how many notices were new. */
export async function raiseSlaAlerts(db: Database, options: { batchSize?: number } = {}): Promise<number> {
  const limit = options.batchSize ?? SLA_ALERT_BATCH;
  let raised = 0;
  for (;;) {
    const batch = await alertBatch(db, limit);
    raised += batch.notices;
    if (batch.tickets < limit) return raised;
  }
}

export async function startSlaAlerts(
  deps: { db: Database; jobs: JobRunner },
  intervalSeconds: number,
): Promise<void> {
  await deps.jobs.every(SLA_ALERT_QUEUE, { intervalSeconds }, async () => {
    try {
      const raised = await raiseSlaAlerts(deps.db);
      if (raised > 0) logger.info('SLA alerts raised', { notices: raised });
    } catch (error) {
      // The next interval tries again; the dedupe keys keep a retried notice single.
      logger.warn('Could not raise SLA alerts', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
