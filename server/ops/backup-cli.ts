/**
 * `npm run backup [-- --out FILE] [--format auto|pg_dump|helpdesk] [--with-sessions]`: one file with
 * everything, while the app keeps running (server/ops/backup/backup.ts). Prints the file's path on
 * standard output, progress on standard error.
 */
import { createBackup, type BackupFormat } from './backup/backup';
import { configuredEncryptionKey, encryptionKeyCheck } from './backup/encryption-key-check';
import { formatBytes, parseCliArgs, runCommand, seconds, UsageError } from './cli';
import { configuredSource } from './data-source';
import { createProgress } from './progress';

const USAGE = `Usage: npm run backup -- [--out FILE] [--format auto|pg_dump|helpdesk] [--with-sessions]

  --out FILE        where to write (default: helpdesk-backup-<time>.jsonl.gz or .pgdump here)
  --format          auto (default): pg_dump's custom format with DATABASE_URL when pg_dump is
                    installed, else the app's own; helpdesk: always the app's own, which also
                    restores into the other kind of database
  --with-sessions   include signed-in sessions (left out by default: a restore signs everyone out)`;

const FORMATS: BackupFormat[] = ['auto', 'pg_dump', 'helpdesk'];

await runCommand(USAGE, async (config) => {
  const { values, positionals } = parseCliArgs(
    process.argv.slice(2),
    {
      out: { type: 'string' },
      format: { type: 'string', default: 'auto' },
      'with-sessions': { type: 'boolean', default: false },
    },
    false,
  );
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${positionals[0]}`);
  const format = values.format as BackupFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}`);
  const key = configuredEncryptionKey(config);
  const progress = createProgress();
  const result = await createBackup(configuredSource(config), {
    out: values.out,
    format,
    withSessions: values['with-sessions'] ?? false,
    progress,
    encryptionKeyCheck: key ? encryptionKeyCheck(key) : undefined,
  });
  progress.note(
    `Backup written: ${result.file} (${formatBytes(result.bytes)}, ${result.format === 'pg_dump' ? "pg_dump's custom format" : "the app's own format"}` +
      `${result.rows === undefined ? '' : `, ${result.rows.toLocaleString('en-US')} rows`}, ${seconds(result.ms)}).`,
  );
  progress.note(
    'Keep the encryption key with it (ENCRYPTION_KEY, or DATA_DIR/encryption-key): saved credentials open only with that key.',
  );
  console.log(result.file);
});
