import fs from 'node:fs';
import path from 'node:path';
import { runApp } from './cluster';
import { SPA_BUILD_DIR } from './lib/paths';

// Production entry: serves the SPA built into dist/public, from one process per core in PostgreSQL
// mode (server/cluster.ts).
if (!fs.existsSync(path.join(SPA_BUILD_DIR, 'index.html'))) {
  console.error('The web app is not built yet: run `npm run build` (npm start does this for you).');
  process.exit(1);
}
await runApp(async () => ({ staticDir: SPA_BUILD_DIR }));
