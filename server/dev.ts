import fs from 'node:fs';
import path from 'node:path';
import pretty from 'pino-pretty';
import { createServer as createViteServer } from 'vite';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
  type FakeHarvest,
} from './test/fake-harvest/server';
import { configureLogger, logger } from './lib/logger';
import type { SpaPage } from './app';
import { startServer } from './server';

// Development entry (`npm run dev`): API and SPA on one port, the SPA through Vite with hot reload, and
// the fake Harvest in this process with the app pointed at it (this machine has no internet).
let fakeHarvest: FakeHarvest | undefined;

await startServer(
  async () => {
    const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' });
    return {
      devMiddleware: vite.middlewares,
      // client/index.html for the agents' app, client/portal.html for the requesters' portal.
      indexHtml: async (url: string, page: SpaPage) =>
        vite.transformIndexHtml(url, fs.readFileSync(path.resolve('client', page), 'utf8')),
    };
  },
  {
    async prepare(config) {
      // Readable lines in the terminal instead of JSON (pino-pretty is a development dependency).
      configureLogger({
        level: config.logLevel,
        destination: pretty({
          colorize: true,
          sync: true,
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
        }),
      });
      if (!config.harvest.devFake) return config;
      fakeHarvest = await startFakeHarvest({ port: config.harvest.devFakePort });
      logger.info(
        `Fake Harvest at ${fakeHarvest.url} (controls: ${new URL(fakeHarvest.url).origin}/__control)`,
      );
      logger.info(
        `Demo Harvest credentials for Settings → Harvest Integration: Account ID ${FAKE_HARVEST_ACCOUNT_ID}, access token ${FAKE_HARVEST_TOKEN}`,
      );
      return { ...config, harvest: { ...config.harvest, baseUrl: fakeHarvest.url } };
    },
    onStopped: async () => {
      await fakeHarvest?.stop();
    },
  },
);
