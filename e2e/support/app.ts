import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { E2eApp } from '../global-setup';

let claimed: E2eApp | undefined;

/**
 * The app this test file drives. Each e2e worker has its own (e2e/global-setup.ts starts one per
 * worker slot), so files running side by side share no database, settings or fake Harvest; files of
 * one worker follow each other on its app, as the whole suite once did on a single one.
 *
 * The worker's VITEST_POOL_ID names its slot, but the app is also claimed for this process with a
 * file only one process can create: a pool id handed out twice (a CI run once showed two files
 * changing one app's settings at once) would otherwise have two workers share an app unseen. A
 * taken slot sends the process to a free one, and says so.
 */
export function appUnderTest(): E2eApp {
  if (claimed) return claimed;
  const apps = inject('e2eApps');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const preferred = slot - 1;
  const order = [preferred, ...apps.keys()].filter((index, at, all) => all.indexOf(index) === at);
  for (const index of order) {
    const app = apps[index];
    if (!app || !claimSlot(index + 1)) continue;
    if (index !== preferred) {
      console.warn(
        `e2e: VITEST_POOL_ID ${slot} is another live worker's app; this one drives app ${index + 1}`,
      );
    }
    claimed = app;
    return app;
  }
  throw new Error(`No free e2e app for worker ${slot} (${apps.length} started, all claimed)`);
}

/** True when this process holds the slot: it created the claim, or the claimant has exited. */
function claimSlot(slot: number): boolean {
  const file = path.join(inject('e2eAppClaims'), `app-${slot}.pid`);
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = Number(fs.readFileSync(file, 'utf8'));
  if (holder === process.pid) return true;
  if (isAlive(holder)) return false;
  // A worker that exited (vitest replaced it) leaves its claim behind: the slot is free again.
  fs.writeFileSync(file, String(process.pid));
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
