/**
 * The rating sender (issue 41): emails "How did we do?" for every pending survey, through the account
 * email queue (a sealed text with the link, sent where email sending is enabled). A periodic task of
 * the job runner, so one process at a time runs it; a process whose change closed tickets asks for a
 * run at once after the commit, so the email leaves within moments. Each survey is claimed FOR UPDATE
 * SKIP LOCKED and marked in the transaction that queues its email, so however many processes run and
 * however often a run is repeated, no survey is emailed twice.
 */
import { CSAT_EMAIL_TEXTS } from '@shared/contracts/portal';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import type { JobRunner, PeriodicRun, PeriodicTask } from '../../jobs/job-runner';
import { runKicker } from '../../jobs/run-kicker';
import { newToken } from '../../lib/single-use-token';
import type { TokenCipher } from '../../lib/token-cipher';
import { configuredBaseUrl } from '../../lib/urls';
import { prepareAccountEmail, queueAccountEmail } from '../../core/accounts/account-email.job';
import { afterTicketChangeCommit } from '../../core/ticket-changes/ticket-changes.service';
import { closedBy } from './csat.service';
import * as repository from './csat.repository';

export const CSAT_SURVEY_TASK = 'csat.surveys';
/** The safety net: a close whose process died before asking is emailed by then. */
const SURVEY_INTERVAL_SECONDS = 30;
/** Surveys emailed per transaction. */
const SURVEYS_PER_BATCH = 50;

export interface CsatSenderDeps {
  db: Database;
  jobs: JobRunner;
  cipher: TokenCipher;
  config: Pick<AppConfig, 'email' | 'publicUrl' | 'host' | 'port'>;
}

/**
 * Emails one survey, or marks it `unsent` when nobody can be asked (email not configured, the link
 * already expired, the ticket in the Trash). The link's token exists only in the sealed email; the
 * survey keeps its hash.
 */
async function sendSurvey(
  tx: DbOrTx,
  deps: CsatSenderDeps,
  survey: repository.PendingSurvey,
  baseUrl: string,
): Promise<void> {
  if (survey.moot) return repository.markSurvey(tx, survey.id, { status: 'unsent' });
  const { token, tokenHash } = newToken();
  const link = `${baseUrl}/portal/rate/${token}`;
  const queued = await queueAccountEmail(tx, deps, {
    to: survey.requesterEmail,
    subject: CSAT_EMAIL_TEXTS.subject(survey.ticketNumber, survey.subject),
    text: CSAT_EMAIL_TEXTS.text(survey, { good: `${link}?score=good`, bad: `${link}?score=bad` }),
  });
  await repository.markSurvey(tx, survey.id, queued ? { status: 'sent', tokenHash } : { status: 'unsent' });
}

/** Emails every pending survey, batch by batch; answers how many were taken. */
export async function sendPendingSurveys(deps: CsatSenderDeps, run?: PeriodicRun): Promise<number> {
  // Links are emailed to strangers: the configured address, never a request's Host.
  const baseUrl = configuredBaseUrl(deps.config);
  let taken = 0;
  for (;;) {
    if (run?.leaseLost) return taken;
    // Outside the transaction: the embedded database's one connection would be held by it.
    await prepareAccountEmail(deps);
    const batch = await deps.db.transaction(async (tx) => {
      const surveys = await repository.claimPendingSurveys(tx, SURVEYS_PER_BATCH);
      for (const survey of surveys) await sendSurvey(tx, deps, survey, baseUrl);
      return surveys.length;
    });
    taken += batch;
    if (batch < SURVEYS_PER_BATCH) return taken;
  }
}

/** The after-commit ask of the sender started last in this process. */
let stopAsking: (() => void) | undefined;

/** Starts the sender in this process (server.ts, where email sending is enabled). */
export async function startCsatSurveySender(deps: CsatSenderDeps): Promise<void> {
  const started: { task?: PeriodicTask } = {};
  const kicker = runKicker(() => started.task?.runSoon() ?? Promise.resolve(), 'the rating sender');
  started.task = await deps.jobs.every(
    CSAT_SURVEY_TASK,
    { intervalSeconds: SURVEY_INTERVAL_SECONDS },
    (run) => kicker.run(() => sendPendingSurveys(deps, run)),
  );
  // A sender started again in this process (a test's new app) is the one asked, not a stopped one.
  stopAsking?.();
  stopAsking = afterTicketChangeCommit('csat-surveys', (change) => {
    if (closedBy(change).length > 0) kicker.kick();
  });
}
