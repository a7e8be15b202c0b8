/**
 * `npm run restore -- FILE [--force]`: a backup into the empty database DATABASE_URL names, or into an
 * empty DATA_DIR (server/ops/backup/restore.ts). Progress on standard error.
 */
import { restoreBackup } from './backup/restore';
import { parseCliArgs, runCommand, seconds, UsageError } from './cli';
import { createProgress } from './progress';

const USAGE = `Usage: npm run restore -- FILE [--force]

  FILE      a backup from npm run backup (the app's own format, or pg_dump's custom format
            for PostgreSQL)
  --force   replace a target that holds data: PostgreSQL's schemas are dropped first; an embedded
            database is moved aside to DATA_DIR/pgdata.replaced-<time>
  Stop the app first. The target is DATABASE_URL, else the embedded database in DATA_DIR.`;

await runCommand(USAGE, async (config) => {
  const { values, positionals } = parseCliArgs(
    process.argv.slice(2),
    { force: { type: 'boolean', default: false } },
    true,
  );
  if (positionals.length !== 1) throw new UsageError('Name one backup file to restore');
  const progress = createProgress();
  const result = await restoreBackup(config, {
    file: positionals[0]!,
    force: values.force ?? false,
    progress,
  });
  const rows = result.rows ? Object.values(result.rows).reduce((sum, n) => sum + n, 0) : undefined;
  progress.note(
    `Restored into ${result.target}${rows === undefined ? '' : ` (${rows.toLocaleString('en-US')} rows)`} in ${seconds(result.ms)}.`,
  );
  if (result.replacedDataMovedTo) {
    progress.note(
      `The database it replaced is in ${result.replacedDataMovedTo}: delete it when you no longer need it.`,
    );
  }
  if (result.repliesFailed > 0) {
    progress.note(
      `${result.repliesFailed} email repl${result.repliesFailed === 1 ? 'y was' : 'ies were'} waiting to be sent at backup time: marked failed, for an agent to retry if they should still go out.`,
    );
  }
  for (const note of result.notes) progress.note(note);
  progress.note('Start the app as usual; sign in with the accounts of the backup.');
});
