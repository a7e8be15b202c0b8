/**
 * The app as the fault tests run it in a child process (app-process.ts): the production start path
 * (server/server.ts: configuration, migrations, the Harvest sync job, SIGTERM drain), from source,
 * without the SPA, and as one process (the cluster entry would put a primary between the test and
 * the process it kills).
 */
import { startServer } from '../../server';

await startServer(async () => undefined);
