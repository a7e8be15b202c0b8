/**
 * Work to do once a transaction has committed (issue 35: the after-commit subscribers of a ticket
 * change, such as dropping this process's cached poll answers). Every `db.transaction` of a database
 * made by createDb opens a scope (AsyncLocalStorage, so it follows the transaction's callback through
 * every await); `afterCommit` adds to the innermost one, and the scope's callbacks run when its
 * transaction has committed, never when it rolled back.
 *
 * In-process and best effort: a callback that throws is logged, and nothing runs if the process dies
 * between the commit and the callback. Work that must happen exactly once is enqueued on the job runner
 * inside the transaction instead (server/jobs/job-runner.ts). A savepoint that rolls back inside a
 * transaction that commits still runs its callbacks, so a callback must be harmless when nothing changed.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { logger } from '../lib/logger';

type Callback = () => void | Promise<void>;

const scopes = new AsyncLocalStorage<Callback[]>();

/** Runs `transaction` in a scope of its own, then, once it resolved (committed), the scope's callbacks. */
export async function withAfterCommit<T>(transaction: () => Promise<T>): Promise<T> {
  const callbacks: Callback[] = [];
  const result = await scopes.run(callbacks, transaction);
  for (const callback of callbacks) {
    try {
      await callback();
    } catch (error) {
      logger.error('An after-commit callback failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}

/** Adds `callback` to the current transaction's; throws outside a transaction of createDb's database. */
export function afterCommit(callback: Callback): void {
  const callbacks = scopes.getStore();
  if (!callbacks) throw new Error('afterCommit needs a transaction opened with db.transaction');
  callbacks.push(callback);
}
