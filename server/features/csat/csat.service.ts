/**
 * Satisfaction ratings (issue 41). A close asks once (csat_surveys, written by the ticket change's
 * in-transaction subscriber below); the sender emails the ask (csat-survey.job.ts); the requester's
 * link shows the rating page and records, and may change, the answer until it expires. Agents read
 * the ratings on the ticket and in Reports.
 */
import { NOTIFICATION_TEXTS } from '@shared/contracts/notifications';
import {
  PORTAL_LIMITS,
  PORTAL_MESSAGES,
  type CsatReport,
  type RatingInput,
  type RatingPageResponse,
  type TicketRating,
} from '@shared/contracts/portal';
import type { ReportQuery } from '@shared/contracts/reports';
import { TICKET_MESSAGES } from '@shared/contracts/tickets';
import { addDays, localDayStart } from '@shared/report-range';
import type { Database, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { hashToken, isWellFormedToken } from '../../lib/single-use-token';
import { recordRatingActivity } from '../../core/activity/activity-log';
import { insertNotices } from '../../core/notifications/notices.service';
import { loadPortalSettings } from '../../core/portal/portal-settings';
import type { TicketChange, TicketFieldChanges } from '../../core/ticket-changes/ticket-change';
import { isClosedStatus } from '../../core/tickets/ticket-changes';
import { findTicketById } from '../../core/tickets/tickets.repository';
import { csatReportFigures } from './csat-report.sql';
import { recordTicketEvents } from '../../core/webhooks/webhook-events.repository';
import * as repository from './csat.repository';

/**
 * A close asks: a move from an open status into a closed one (by hand, bulk, a rule or Close & Track
 * Time). Not a merge, which closes the duplicate without resolving anything (the ticket it went into
 * asks when it closes), nor the Harvest sync's closed → closed_with_harvest.
 */
const isClose = (entry: TicketFieldChanges) =>
  !!entry.status &&
  !entry.mergedInto &&
  !isClosedStatus(entry.status.before) &&
  isClosedStatus(entry.status.after);

/** The tickets `change` closes. */
export const closedBy = (change: TicketChange): string[] =>
  change.tickets.filter(isClose).map((entry) => entry.ticketId);

/** The in-transaction subscriber: a pending survey per ticket closed while ratings are on. */
export async function askOnClose(tx: DbOrTx, change: TicketChange, changeId: string): Promise<void> {
  const closed = closedBy(change);
  if (closed.length === 0) return;
  if (!(await loadPortalSettings(tx)).csat) return;
  await repository.insertSurveysOfClose(tx, changeId, closed, PORTAL_LIMITS.ratingLinkDays);
}

/** The survey of a working link; 404 alike for a malformed, unknown, unsent or expired one. */
async function liveSurvey(db: DbOrTx, token: string, forUpdate = false) {
  const survey = isWellFormedToken(token)
    ? await repository.findLiveSurvey(db, hashToken(token), { forUpdate })
    : undefined;
  if (!survey) throw notFound(PORTAL_MESSAGES.ratingInvalid);
  return survey;
}

/** What the rating page shows. Only reads: a mail scanner that opens the link records nothing. */
export async function ratingPage(db: Database, token: string): Promise<RatingPageResponse> {
  const survey = await liveSurvey(db, token);
  return {
    ticketNumber: survey.ticketNumber,
    subject: survey.subject,
    score: survey.score,
    comment: survey.comment,
  };
}

/**
 * Records the requester's answer, or their change of it, with its Activity Log entry; a Bad one tells
 * the ticket's assignee (once per survey). The same answer again changes nothing.
 */
export async function recordRating(db: Database, token: string, input: RatingInput): Promise<void> {
  const comment = input.comment ? input.comment : null;
  await db.transaction(async (tx) => {
    const survey = await liveSurvey(tx, token, true);
    if (survey.score === input.score && survey.comment === comment) return;
    await repository.saveAnswer(tx, survey.id, input.score, comment);
    await recordRatingActivity(tx, survey.ticketId, { score: input.score, comment });
    // Issue 43: every answer that changes the rating (a changed mind included) is an event.
    await recordTicketEvents(tx, [
      { ticketId: survey.ticketId, event: 'rating.received', extra: { rating: input.score, comment } },
    ]);
    if (input.score === 'bad' && survey.score !== 'bad' && survey.assignedTo) {
      await insertNotices(tx, [
        {
          userId: survey.assignedTo,
          kind: 'rating_bad',
          ticketId: survey.ticketId,
          text: NOTIFICATION_TEXTS.ratingBad(survey.ticketNumber, survey.subject),
          dedupeKey: `rating_bad:${survey.id}`,
        },
      ]);
    }
  });
}

/** The ticket's ratings as agents see them, newest first: every close that asked, answered or not. */
export async function ticketRatings(db: Database, ticketId: string): Promise<TicketRating[]> {
  if (!(await findTicketById(db, ticketId))) throw notFound(TICKET_MESSAGES.ticketNotFound);
  const rows = await repository.listTicketSurveys(db, ticketId);
  return rows.map((row) => ({
    id: row.id,
    score: row.score as TicketRating['score'],
    comment: row.comment,
    askedAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
  }));
}

/**
 * The Satisfaction view over the report's days, as the other reports take them: the browser's
 * instants when given, else midnight in the server's time zone.
 */
export function csatReport(db: Database, query: ReportQuery, hidden: readonly string[]): Promise<CsatReport> {
  const window = {
    startAt: query.startAt ?? localDayStart(query.start),
    endAt: query.endAt ?? localDayStart(addDays(query.end, 1)),
  };
  return csatReportFigures(db, window, hidden);
}
