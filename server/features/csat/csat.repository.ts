import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CsatScore, CsatSurveyStatus } from '@shared/contracts/portal';
import { csatSurveys, tickets } from '@shared/schema';
import type { DbOrTx } from '../../db/client';

const s = csatSurveys;
const t = tickets;

/**
 * One pending survey per ticket that the change `changeId` just closed, in the close's transaction:
 * the requester, assignee and group as they are at the close. Should a change be heard twice,
 * (change, ticket) is unique and asks once.
 */
export async function insertSurveysOfClose(
  tx: DbOrTx,
  changeId: string,
  ticketIds: readonly string[],
  days: number,
) {
  await tx.execute(sql`
    INSERT INTO ${s} (ticket_id, change_id, requester_email, assignee_id, group_id, expires_at)
    SELECT ${t.id}, ${changeId}::uuid, ${t.fromEmail}, ${t.assignedTo}, ${t.groupId},
      now() + make_interval(days => ${days}::int)
    FROM ${t}
    WHERE ${t.id} = ANY(${sql.param([...ticketIds])}::uuid[]) AND ${t.fromEmail} <> ''
    ON CONFLICT DO NOTHING`);
}

export interface PendingSurvey {
  id: string;
  requesterEmail: string;
  ticketNumber: string;
  subject: string;
  /** The link would be dead on arrival, or the ticket went to the Trash: nobody is asked. */
  moot: boolean;
}

/**
 * The oldest pending surveys, locked until the caller's transaction ends; rows another sender holds are
 * skipped, so two senders never take the same one.
 */
export async function claimPendingSurveys(tx: DbOrTx, limit: number): Promise<PendingSurvey[]> {
  const { rows } = await tx.execute<{
    id: string;
    requester_email: string;
    ticket_number: string;
    subject: string;
    moot: boolean;
  }>(sql`
    SELECT ${s.id}, ${s.requesterEmail}, ${t.ticketNumber}, ${t.subject},
      (${s.expiresAt} <= now() OR ${t.deletedAt} IS NOT NULL) AS moot
    FROM ${s} JOIN ${t} ON ${t.id} = ${s.ticketId}
    WHERE ${s.status} = 'pending'
    ORDER BY ${s.createdAt}, ${s.id}
    LIMIT ${limit}::int
    FOR UPDATE OF ${s} SKIP LOCKED`);
  return rows.map((row) => ({
    id: row.id,
    requesterEmail: row.requester_email,
    ticketNumber: row.ticket_number,
    subject: row.subject,
    moot: row.moot,
  }));
}

export async function markSurvey(
  tx: DbOrTx,
  id: string,
  outcome: { status: Exclude<CsatSurveyStatus, 'pending'>; tokenHash?: string },
): Promise<void> {
  await tx
    .update(s)
    .set({ status: outcome.status, tokenHash: outcome.tokenHash ?? null })
    .where(eq(s.id, id));
}

export interface LiveSurvey {
  id: string;
  ticketId: string;
  score: CsatScore | null;
  comment: string | null;
  ticketNumber: string;
  subject: string;
  /** The ticket's assignee now (a Bad rating tells them). */
  assignedTo: string | null;
}

/** The sent survey whose link hashes to `tokenHash` while it works; locked when `forUpdate`. */
export async function findLiveSurvey(
  db: DbOrTx,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
): Promise<LiveSurvey | undefined> {
  const query = db
    .select({
      id: s.id,
      ticketId: s.ticketId,
      score: s.score,
      comment: s.comment,
      ticketNumber: t.ticketNumber,
      subject: t.subject,
      assignedTo: t.assignedTo,
    })
    .from(s)
    .innerJoin(t, eq(t.id, s.ticketId))
    .where(and(eq(s.tokenHash, tokenHash), eq(s.status, 'sent'), gt(s.expiresAt, sql`now()`)));
  const [row] = options.forUpdate ? await query.for('update', { of: s }) : await query;
  return row && { ...row, score: row.score as CsatScore | null };
}

export async function saveAnswer(tx: DbOrTx, id: string, score: CsatScore, comment: string | null) {
  await tx
    .update(s)
    .set({ score, comment, answeredAt: sql`now()` })
    .where(eq(s.id, id));
}

/** The ticket's asked surveys (sent), newest first. */
export function listTicketSurveys(db: DbOrTx, ticketId: string) {
  return db
    .select({
      id: s.id,
      score: s.score,
      comment: s.comment,
      createdAt: s.createdAt,
      answeredAt: s.answeredAt,
    })
    .from(s)
    .where(and(eq(s.ticketId, ticketId), eq(s.status, 'sent')))
    .orderBy(desc(s.createdAt), desc(s.id));
}
