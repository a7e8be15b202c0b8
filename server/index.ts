import fs from 'node:fs';
import path from 'node:path';
import { SPA_BUILD_DIR } from './lib/paths';
import { startServer } from './server';

// Production entry: serves the SPA built into dist/public.
await startServer(async () => {
  if (!fs.existsSync(path.join(SPA_BUILD_DIR, 'index.html'))) {
    console.error('The web app is not built yet: run `npm run build` (npm start does this for you).');
    process.exit(1);
  }
  return { staticDir: SPA_BUILD_DIR };
});
