/**
 * Everything the help desk uses to talk to Harvest, built once per app: the saved credentials, a
 * client per set of credentials, the cached project and task lists, and the pusher shared by the
 * request handlers and the background job.
 */
import { EventEmitter } from 'node:events';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import {
  loadHarvestCredentials,
  type HarvestCredentials,
  type HarvestCredentialsState,
} from '../harvest-credentials';
import { createTokenCipher, type TokenCipher } from '../../lib/token-cipher';
import { HarvestCatalog } from '../harvest-catalog';
import { createHarvestClient, type HarvestClient } from '../client';
import { createHarvestDeleter, type HarvestDeleter } from './delete-entry';
import { createHarvestPusher, type HarvestPusher } from './push-entry';
import { requeueUnsyncedEntries, type RecordSyncedTicket } from './sync.repository';

export type HarvestClientFactory = (credentials: HarvestCredentials) => HarvestClient;

export interface HarvestServices {
  cipher: TokenCipher;
  loadCredentials(): Promise<HarvestCredentialsState>;
  createClient: HarvestClientFactory;
  catalog: HarvestCatalog;
  pusher: HarvestPusher;
  /** Deletes in Harvest the entries deleted here. */
  deleter: HarvestDeleter;
  /** How long a claim on an entry lasts: longer than any push can take (two Harvest calls). */
  claimLeaseMs: number;
  /** After new credentials are saved: forget cached lists and send every unsynced entry again. */
  credentialsChanged(): Promise<void>;
  /** Called after credentialsChanged; returns the unsubscribe function. */
  onCredentialsChanged(listener: () => void): () => void;
}

export interface HarvestServicesOptions {
  db: Database;
  config: Pick<AppConfig, 'harvest' | 'publicUrl'>;
  encryptionKey: Buffer;
  /** Replaces the HTTP client (tests); by default the real client on config.harvest.baseUrl. */
  clientFactory?: HarvestClientFactory;
  /** Backoff jitter source (tests). */
  random?: () => number;
  /**
   * Records a push's change of its ticket (closed → closed_with_harvest, the Harvest link) through the
   * one "ticket changed" path, in the push's transaction: core, so the wiring passes it in
   * (app.ts: recordHarvestSyncedTicket).
   */
  recordSyncedTicket: RecordSyncedTicket;
}

/** After Harvest failed, the pickers serve the fallback this long before asking Harvest again. */
const CATALOG_FAILURE_TTL_MS = 15_000;

export function createHarvestServices(options: HarvestServicesOptions): HarvestServices {
  const { db, config } = options;
  const cipher = createTokenCipher(options.encryptionKey);
  const events = new EventEmitter();
  const loadCredentials = () => loadHarvestCredentials(db, cipher);
  const createClient: HarvestClientFactory =
    options.clientFactory ??
    ((credentials) =>
      createHarvestClient({
        baseUrl: config.harvest.baseUrl,
        userAgent: config.harvest.userAgent,
        timeoutMs: config.harvest.timeoutMs,
        // A 429 is handed back at once: people should not wait out Retry-After, and the sync
        // reschedules the push for after it instead.
        maxRateLimitRetries: 0,
        ...credentials,
      }));
  const catalog = new HarvestCatalog({
    loadCredentials,
    createClient,
    ttlMs: config.harvest.catalogCacheMs,
    failureTtlMs: Math.min(CATALOG_FAILURE_TTL_MS, config.harvest.catalogCacheMs),
  });
  // Pushes and deletions retry alike: the same backoff, the same credentials and client.
  const syncWith = {
    db,
    loadCredentials,
    createClient,
    backoff: {
      baseMs: config.harvest.sync.backoffBaseMs,
      maxMs: config.harvest.sync.backoffMaxMs,
      random: options.random,
    },
  };
  const pusher = createHarvestPusher({
    ...syncWith,
    publicUrl: config.publicUrl,
    recordSyncedTicket: options.recordSyncedTicket,
  });
  const deleter = createHarvestDeleter(syncWith);

  return {
    cipher,
    loadCredentials,
    createClient,
    catalog,
    pusher,
    deleter,
    claimLeaseMs: Math.max(60_000, 4 * config.harvest.timeoutMs),
    async credentialsChanged() {
      catalog.invalidate();
      await requeueUnsyncedEntries(db);
      events.emit('credentials-changed');
    },
    onCredentialsChanged(listener) {
      events.on('credentials-changed', listener);
      return () => events.off('credentials-changed', listener);
    },
  };
}
