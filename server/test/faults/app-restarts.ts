/**
 * The app of a crash test: killed and started again, every run on the same storage (app-storage.ts).
 * Every run gets the same ENCRYPTION_KEY and SESSION_SECRET, since a restarted app must open what a
 * killed one sealed (a mailbox password, a webhook's signing secret) and accept the sessions it handed out.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process';
import { openAppStorage, type AppStorage } from './app-storage';

export interface AppRestarts {
  /** Where every run keeps its data; there once the describe block's tests run. */
  readonly storage: AppStorage;
  /** Starts a run with the shared secrets, `env`, and `extra` over them. */
  start(extra?: Record<string, string>): Promise<AppProcess>;
}

/**
 * Call it in a describe block: it opens the storage before the block's tests and, after them, stops
 * every run still alive before it closes the storage under them.
 */
export function appRestarts(env: Record<string, string>): AppRestarts {
  const secrets = {
    ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
  };
  let storage: AppStorage | undefined;
  const runs: AppProcess[] = [];

  beforeAll(async () => {
    storage = await openAppStorage();
  });

  afterAll(async () => {
    for (const run of runs) await run.stop();
    await storage?.close();
  });

  const opened = () => {
    if (!storage) throw new Error('The storage opens before the tests: use it inside one.');
    return storage;
  };

  return {
    get storage() {
      return opened();
    },
    async start(extra = {}) {
      const run = await startAppProcess({ ...opened().appOptions, env: { ...secrets, ...env, ...extra } });
      runs.push(run);
      return run;
    },
  };
}
