/**
 * The credentials the app saves (Harvest token, SMTP password) are encrypted with ENCRYPTION_KEY,
 * which lives in the environment or in DATA_DIR/encryption-key, never in the database: a backup
 * without its key restores everything but those. The backup therefore records a fingerprint of the
 * key (an HMAC of a fixed text: it reveals nothing of the key), and a restore compares it with the
 * key the target will use, to say so before anyone wonders why Harvest stopped working.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { parseEncryptionKey } from '../../lib/encryption-key';

const KEY_FILE = 'encryption-key';

export function encryptionKeyCheck(key: Buffer): string {
  return crypto
    .createHmac('sha256', key)
    .update('helpdesk backup: encryption key check')
    .digest('hex')
    .slice(0, 16);
}

/** The key the app would use with this configuration, without creating one; undefined if none yet. */
export function configuredEncryptionKey(
  config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>,
): Buffer | undefined {
  if (config.encryptionKey) return config.encryptionKey;
  try {
    return parseEncryptionKey(fs.readFileSync(path.join(config.dataDir, KEY_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
}

/** What to tell the person restoring about the key, or undefined when all is well. */
export function encryptionKeyAdvice(
  backupCheck: string | undefined,
  config: Pick<AppConfig, 'encryptionKey' | 'dataDir'>,
): string | undefined {
  const howTo = `set ENCRYPTION_KEY to the backed-up installation's key, or copy its DATA_DIR/${KEY_FILE} into ${config.dataDir}`;
  const key = configuredEncryptionKey(config);
  if (backupCheck === undefined) {
    return `Saved credentials (Harvest token, SMTP password) open only with the encryption key that wrote them: ${howTo}.`;
  }
  if (!key) {
    return `No encryption key is set up here yet: the saved credentials (Harvest token, SMTP password) will not open unless you ${howTo} before starting the app.`;
  }
  if (encryptionKeyCheck(key) !== backupCheck) {
    return `The encryption key here is not the one of the backed-up installation: the saved credentials (Harvest token, SMTP password) will not open. ${howTo[0]!.toUpperCase()}${howTo.slice(1)}, or enter them again in Settings.`;
  }
  return undefined;
}
