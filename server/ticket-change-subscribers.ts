/**
 * Who hears of a ticket change (issue 35), in one place: every writer of tickets records its change
 * with recordTicketChange (server/core/ticket-changes), which runs these. In-transaction subscribers
 * run in this order inside the change's transaction (one that throws rolls the change back);
 * after-commit ones run in this process once it has committed. A listener to come (rules, webhooks,
 * the portal) is one more line here, not a call in every writer; one that must act exactly once
 * enqueues a job on the job runner from an in-transaction subscriber.
 */
import { recordActivityOfChange } from './core/activity/activity-log';
import { afterTicketChangeCommit, onTicketChange } from './core/ticket-changes/ticket-changes.service';
import { raiseNoticesOfChange } from './core/notifications/ticket-change-notices';
import { refreshSlaOfChange } from './core/sla/ticket-sla-refresh';
import { forgetPollAnswers } from './middleware/poll-cache';
import { askOnClose } from './features/csat/csat.service';
import { recordWebhookEventsOfChange } from './core/webhooks/ticket-change-events';

/** Registers the subscribers (once per process: calling it again changes nothing). */
export function registerTicketChangeSubscribers(): void {
  // First the history: the SLA refresh reads the closings and reopenings it records.
  onTicketChange('activity-log', recordActivityOfChange);
  // Then the derived columns (due times), so the notices and whatever follows read them current.
  onTicketChange('sla-refresh', refreshSlaOfChange);
  onTicketChange('notifications', raiseNoticesOfChange);
  // Issue 41: a close asks its requester for a rating (a pending survey; csat-survey.job.ts emails it).
  onTicketChange('csat', askOnClose);
  // Issue 43: the webhook events of the change, recorded with it (the sender delivers them after).
  onTicketChange('webhooks', recordWebhookEventsOfChange);
  afterTicketChangeCommit('poll-cache', () => forgetPollAnswers());
}
