/**
 * The production entry (server/index.ts) without the SPA, for the cluster tests: with
 * APP_PROCESSES above one this process is the primary and forks workers that run this same file.
 */
import { runApp } from '../../cluster';

await runApp(async () => undefined);
