/**
 * Every writer of tickets goes through the one change path (issue 35), checked from the source: a
 * statement that writes the tickets table (drizzle's insert/update/delete of `tickets`, or SQL that
 * does) may only sit in the modules listed here, each of which records its change with
 * recordTicketChange in the same transaction (the deferred check of migration 0027 refuses the commit
 * otherwise, ticket-changes.test.ts). A new writer fails this test until it is listed, on purpose.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(__dirname, '../..');

/** The modules that write tickets, and what each writes. */
const WRITERS: Record<string, string> = {
  'core/tickets/tickets.repository.ts': 'create, update, bulk update, notes, email touches',
  'features/tickets/ticket-trash.repository.ts': 'delete, restore, purge (the Trash and its job)',
  'features/ticket-merge/ticket-merge.repository.ts': 'merge',
  'harvest/sync/sync.repository.ts': 'closed → closed_with_harvest once the time entry is pushed',
  // Derived columns only (migration 0027 lets them pass without a change):
  'core/sla/ticket-sla-refresh.ts': 'the SLA columns',
  'features/sla/sla-alerts.job.ts': 'sla_alert_at (when the alert job looks next)',
  'features/tickets/search-text-backfill.ts': 'body_text and search_text_pending of old tickets',
  // Not ticket changes: demo data, written with the check turned off for its transaction.
  'db/seed.ts': 'demo tickets',
};

const WRITE = [
  /\.(insert|update|delete)\(\s*tickets\s*\)/,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\$\{tickets\}|"?tickets"?)(\s|$)/i,
];

/** A statement that adds rows to the Activity Log: drizzle's insert, or SQL. */
const ACTIVITY_WRITE = [
  /\.insert\(\s*ticketEvents\s*\)/,
  /\bINSERT\s+INTO\s+(\$\{ticketEvents\}|"?ticket_events"?)(\s|\(|$)/i,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    // Tests and their helpers set fixtures directly (test-database.ts turns the check off for them).
    if (!entry.name.endsWith('.ts') || /\.test(-support)?\.ts$/.test(entry.name)) return [];
    return [full];
  });
}

describe('writers of tickets', () => {
  it('when the server source writes the tickets table then it is in one of the listed writers', () => {
    const writers = sourceFiles(SERVER)
      .filter((file) => WRITE.some((pattern) => pattern.test(fs.readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
      .sort();
    expect(writers).toEqual(Object.keys(WRITERS).sort());
  });

  it('when the server source writes the Activity Log (ticket_events) then it is the one subscriber', () => {
    const writers = sourceFiles(SERVER)
      .filter((file) => ACTIVITY_WRITE.some((pattern) => pattern.test(fs.readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'));
    // Its rows come from the recorded change; no trigger writes them either (activity-log.test.ts).
    expect(writers).toEqual(['core/activity/activity-log.ts']);
  });

  it('when the check is turned off for a transaction then only the seed does it', () => {
    const turnedOff = sourceFiles(SERVER)
      .filter((file) =>
        fs.readFileSync(file, 'utf8').includes("set_config('helpdesk.unrecorded_ticket_write'"),
      )
      .map((file) => path.relative(SERVER, file).split(path.sep).join('/'));
    expect(turnedOff).toEqual(['db/seed.ts']);
  });
});
