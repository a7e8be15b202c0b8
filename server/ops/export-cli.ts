/**
 * `npm run export -- --out DIR`: every ticket (with its notes, conversation and files), time entry,
 * loan and account as JSON Lines and CSV, with a README.md of the format (server/ops/export). Works
 * while the app runs, in both modes, as the backup does.
 */
import path from 'node:path';
import pg from 'pg';
import { parseCliArgs, runCommand, seconds, UsageError } from './cli';
import { configuredSource } from './data-source';
import { exportData } from './export/export-data';
import { createProgress } from './progress';

const USAGE = `Usage: npm run export -- --out DIR

  --out DIR   a new (or empty) folder to write the files into`;

await runCommand(USAGE, async (config) => {
  const { values, positionals } = parseCliArgs(process.argv.slice(2), { out: { type: 'string' } }, false);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument ${positionals[0]}`);
  if (!values.out) throw new UsageError('Name the folder to export into with --out DIR');
  const dir = path.resolve(values.out);
  const started = performance.now();
  const progress = createProgress();
  const source = await configuredSource(config).open(progress);
  try {
    progress.note(`Exporting ${source.via}`);
    const client = new pg.Client({ connectionString: source.connectionString });
    await client.connect();
    try {
      const { counts } = await exportData(client, dir, { progress, source: source.via });
      progress.note(
        `Exported ${counts.tickets.toLocaleString('en-US')} tickets, ${counts.timeEntries.toLocaleString('en-US')} time entries and ` +
          `${counts.loans.toLocaleString('en-US')} loans into ${dir} in ${seconds(performance.now() - started)} (the format: ${path.join(dir, 'README.md')}).`,
      );
    } finally {
      await client.end();
    }
  } finally {
    await source.close();
  }
  console.log(dir);
});
