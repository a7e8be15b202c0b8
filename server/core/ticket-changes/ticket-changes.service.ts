/**
 * The one "ticket changed" path (issue 35). Every writer of tickets calls `recordTicketChange` in the
 * transaction of its write, after the write: the change is stored (ticket_changes), then each
 * in-transaction subscriber runs, in the order registered, in that same transaction (a subscriber that
 * throws rolls the whole change back); once the transaction has committed, each after-commit
 * subscriber runs in this process. A deferred constraint trigger on tickets (migration 0027) refuses
 * to commit a ticket written without its change, so a writer cannot forget.
 *
 * Subscribers are registered once, at start-up, by the wiring (server/ticket-change-subscribers.ts):
 * this core module never imports a feature. A subscriber that must act exactly once after the commit,
 * surviving a crash, either enqueues a job on the job runner from an in-transaction subscriber
 * (`jobs.enqueue(tx, …)`: the job exists exactly when the change commits), or, as the rules' trigger
 * pass does (server/features/rules/rule-triggers.job.ts), reads the stored changes themselves in commit
 * order on a periodic task of the job runner, with an after-commit subscriber asking for a run at once.
 */
import type { DbOrTx } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import type { TicketChange } from './ticket-change';
import { insertTicketChange } from './ticket-changes.repository';

/** `changeId` is the stored change's id (ticket_changes): what makes "once per change" checkable. */
export type InTransactionSubscriber = (tx: DbOrTx, change: TicketChange, changeId: string) => Promise<void>;
export type AfterCommitSubscriber = (change: TicketChange) => void | Promise<void>;

interface Registered<T> {
  name: string;
  run: T;
}

const inTransaction: Registered<InTransactionSubscriber>[] = [];
const afterCommitted: Registered<AfterCommitSubscriber>[] = [];

/** Adds a subscriber once (the wiring may run again in one process); answers how to remove it. */
function register<T>(list: Registered<T>[], name: string, run: T): () => void {
  const existing = list.find((subscriber) => subscriber.name === name);
  const entry = existing ?? { name, run };
  if (!existing) list.push(entry);
  return () => {
    const index = list.indexOf(entry);
    if (index >= 0) list.splice(index, 1);
  };
}

/** Runs `run` inside the transaction of every change, after those registered before it. */
export const onTicketChange = (name: string, run: InTransactionSubscriber): (() => void) =>
  register(inTransaction, name, run);

/** Runs `run` once the transaction of every change has committed (in this process, best effort). */
export const afterTicketChangeCommit = (name: string, run: AfterCommitSubscriber): (() => void) =>
  register(afterCommitted, name, run);

/** The subscribers' names, in order (what the wiring registered, for its test). */
export const ticketChangeSubscribers = () => ({
  inTransaction: inTransaction.map((subscriber) => subscriber.name),
  afterCommit: afterCommitted.map((subscriber) => subscriber.name),
});

/**
 * Records `change` in the caller's transaction (opened with db.transaction) and runs the subscribers.
 * Call it after the write, so they read the tickets as changed. A change that touches no ticket is
 * not recorded.
 */
export async function recordTicketChange(tx: DbOrTx, change: TicketChange): Promise<void> {
  if (change.tickets.length === 0) return;
  const changeId = await insertTicketChange(tx, change);
  for (const subscriber of inTransaction) await subscriber.run(tx, change, changeId);
  // Each on its own: one that fails (logged) does not keep the others from running.
  for (const subscriber of afterCommitted) afterCommit(() => subscriber.run(change));
}
