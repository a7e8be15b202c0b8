import fs from 'node:fs';
import path from 'node:path';
import { createServer as createViteServer } from 'vite';
import { startServer } from './server';

// Development entry (`npm run dev`): API and SPA on one port, the SPA through Vite with hot reload.
await startServer(async () => {
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
  const indexFile = path.resolve('client/index.html');
  return {
    devMiddleware: vite.middlewares,
    indexHtml: async (url: string) => vite.transformIndexHtml(url, fs.readFileSync(indexFile, 'utf8')),
  };
});
