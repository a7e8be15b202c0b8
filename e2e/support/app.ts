import { inject } from 'vitest';
import type { E2eApp } from '../global-setup';

/**
 * The app this test file drives. Each e2e worker has its own (e2e/global-setup.ts starts one per
 * worker slot), so files running side by side share no database, settings or fake Harvest; files of
 * one worker follow each other on its app, as the whole suite once did on a single one.
 */
export function appUnderTest(): E2eApp {
  const apps = inject('e2eApps');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const app = apps[slot - 1];
  if (!app) throw new Error(`No e2e app for worker ${slot} (${apps.length} started)`);
  return app;
}
