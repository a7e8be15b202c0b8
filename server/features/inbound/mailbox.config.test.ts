/** The mailbox fetch's configuration (IMAP_*): defaults, an empty value as unset, refusals naming the variable. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('IMAP configuration', () => {
  it('when nothing is set, then fetching is on every 30 s in batches of 50, from the moment a mailbox is saved, under a 30 s lease', () => {
    expect(loadConfig({}).email.fetch).toEqual({
      enabled: true,
      intervalSeconds: 30,
      batchSize: 50,
      importSince: undefined,
      timeoutMs: 30_000,
      leaseSeconds: 30,
    });
  });

  it('when IMAP_IMPORT_SINCE is a date or an instant, then it is the start; left empty, it is unset', () => {
    expect(loadConfig({ IMAP_IMPORT_SINCE: '2026-11-01' }).email.fetch.importSince).toEqual(
      new Date('2026-11-01'),
    );
    expect(loadConfig({ IMAP_IMPORT_SINCE: '2026-11-01T09:00:00Z' }).email.fetch.importSince).toEqual(
      new Date('2026-11-01T09:00:00Z'),
    );
    expect(loadConfig({ IMAP_IMPORT_SINCE: '' }).email.fetch.importSince).toBeUndefined();
  });

  it.each([
    ['IMAP_IMPORT_SINCE', 'yesterday'],
    ['IMAP_POLL_SECONDS', '0'],
    ['IMAP_BATCH_SIZE', '501'],
    ['IMAP_TIMEOUT_MS', 'soon'],
    ['IMAP_FETCH_LEASE_SECONDS', '2'],
  ])('when %s is %j, then the configuration is refused naming it', (name, value) => {
    let problems: string[] = [];
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
  });
});
