import fs from 'node:fs';
import path from 'node:path';

/** Group and other permission bits: none of them may be set on anything the app keeps in DATA_DIR. */
const SHARED_BITS = 0o077;

/**
 * What the app keeps in DATA_DIR: the embedded database, its lock, the generated secrets, the setup
 * link's token, the backup channel's token and the scheduled backups. Only these are tightened;
 * anything else someone put in the folder is left alone.
 */
export const DATA_DIR_ENTRIES = [
  'pgdata',
  'helpdesk.lock',
  'session-secret',
  'encryption-key',
  'setup-token',
  // server/ops: the running app's backup channel (its token) and the scheduled backups.
  'backup-channel.json',
  'backups',
];

export class DataDirPermissionError extends Error {
  constructor(dataDir: string, file: string, cause: NodeJS.ErrnoException) {
    super(
      `The data folder ${dataDir} can be read by other users of this machine, and ${file} cannot be ` +
        `made private (${cause.code}: this process does not own it). Run the help desk as the folder's ` +
        `owner, or make it private yourself: chmod -R go-rwx ${dataDir}`,
    );
    this.name = 'DataDirPermissionError';
  }
}

/** Takes the group and other bits off `file` (not following a symbolic link); true if it had any. */
function tighten(dataDir: string, file: string, stat: fs.Stats): boolean {
  if ((stat.mode & SHARED_BITS) === 0 || stat.isSymbolicLink()) return false;
  try {
    fs.chmodSync(file, stat.mode & 0o700);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EPERM' || code === 'EACCES' || code === 'EROFS') {
      throw new DataDirPermissionError(dataDir, file, error as NodeJS.ErrnoException);
    }
    if (code === 'ENOENT') return false; // Deleted meanwhile (PGlite recycles WAL files).
    throw error;
  }
}

function tightenTree(dataDir: string, file: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let count = tighten(dataDir, file, stat) ? 1 : 0;
  if (stat.isDirectory()) {
    for (const child of fs.readdirSync(file)) count += tightenTree(dataDir, path.join(file, child));
  }
  return count;
}

/**
 * Makes DATA_DIR its owner's alone: creates it 0700, or takes the group and other permissions off an
 * existing one and off everything of the app's inside it (files keep their owner's bits). Throws
 * DataDirPermissionError when that is not allowed (another user owns the folder). Returns how many
 * files and folders it had to tighten.
 */
export function securePrivateDataDir(dataDir: string): number {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let count = tighten(dataDir, dataDir, fs.statSync(dataDir)) ? 1 : 0;
  for (const entry of DATA_DIR_ENTRIES) count += tightenTree(dataDir, path.join(dataDir, entry));
  return count;
}

/**
 * From now on, files and folders this process creates are its owner's alone (mode & ~077). PGlite
 * writes the embedded database through Node's fs, so its new WAL segments and tables are covered too;
 * the files it unpacks with their own modes at its first start are tightened by securePrivateDataDir.
 */
export function createPrivateFilesOnly(): void {
  process.umask(0o077);
}
