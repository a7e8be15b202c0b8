import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns the secret kept in `dataDir/<name>`, creating it on first use. The embedded mode uses this
 * so that a fresh install needs no configuration and sessions survive restarts.
 */
export function readOrCreateSecret(dataDir: string, name: string, bytes = 48): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(bytes).toString('base64url');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process created it between our read and write: theirs wins.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}
