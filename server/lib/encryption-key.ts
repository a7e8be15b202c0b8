import cluster from 'node:cluster';
import { logger } from './logger';
import { readOrCreateSecret } from './secrets';

const KEY_FILE = 'encryption-key';

/** What the key depends on, from the app's configuration (lib sits below config.ts). */
export interface EncryptionKeySettings {
  /** ENCRYPTION_KEY, parsed. */
  encryptionKey: Buffer | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  env: 'development' | 'production' | 'test';
}

/** A 32-byte key from 64 hex characters or from base64 (standard or URL-safe); undefined otherwise. */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined;
  return key?.length === 32 ? key : undefined;
}

/**
 * The key that encrypts secrets in the database: ENCRYPTION_KEY, else one generated once into
 * DATA_DIR/encryption-key (like the session secret), so a fresh install needs no configuration.
 */
export function resolveEncryptionKey(config: EncryptionKeySettings): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  // Said once, by the primary process: the workers it forks on this machine share the key file.
  if (config.env === 'production' && config.databaseUrl && !cluster.isWorker) {
    logger.warn(
      `ENCRYPTION_KEY is not set: using the key in ${config.dataDir}/${KEY_FILE}. Every app process must use the same key; set ENCRYPTION_KEY when you run the app on several machines.`,
    );
  }
  const key = parseEncryptionKey(readOrCreateSecret(config.dataDir, KEY_FILE, 32));
  if (!key)
    throw new Error(
      `${config.dataDir}/${KEY_FILE} does not hold a 32-byte key; restore it or set ENCRYPTION_KEY`,
    );
  return key;
}
