/**
 * Tickets from an IMAP mailbox (issue 15), against a real IMAP server: Debian's Dovecot, started by
 * the test as an unprivileged process on a free loopback port with a throwaway mail directory.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_TEXTS, MAIL_SERVER_OUTCOMES } from '@shared/contracts/email-settings';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import { mailboxState, settings, ticketMessages, tickets } from '@shared/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { createMailboxFetchJob } from './fetch-mailbox.job';
import {
  appendAll,
  createMailboxTestApp,
  mailFrom,
  markUnread,
  ticketIdsWithSubject,
  type MailboxTestApp,
} from '../../test/support/mailbox';
import { mailboxSettings } from '../../test/mail/dovecot-test-server';

let m: MailboxTestApp;
beforeAll(async () => {
  m = await createMailboxTestApp({ IMAP_BATCH_SIZE: '50' });
});
afterAll(() => m?.close());
beforeEach(async () => {
  // Each test configures its own mailbox from scratch: a new folder is another mailbox.
  await m.t.database.db.delete(settings).where(eq(settings.key, 'email'));
  await m.t.database.db.delete(mailboxState);
});

let folderCounter = 0;
/** A folder of this test's own, so that what other tests left in INBOX does not count. */
async function freshFolder(): Promise<string> {
  folderCounter += 1;
  const folder = `Test${folderCounter}`;
  await m.dovecot.createFolder(folder);
  return folder;
}

describe('POST /api/settings with a mailbox, GET /api/settings/email', () => {
  it('when an admin saves a mailbox, then it is stored with its password sealed and read back masked, with its status', async () => {
    await m.saveMailbox();
    const read = await m.status();
    expect(read.value?.imap).toEqual({
      host: m.dovecot.host,
      port: m.dovecot.port,
      security: 'none',
      username: m.dovecot.user,
      password: expect.stringMatching(/^•+/),
      folder: 'INBOX',
      afterImport: { action: 'mark_read' },
    });
    expect(read.value?.imap?.password).not.toContain(m.dovecot.password);
    const [row] = await m.t.database.db.select().from(settings).where(eq(settings.key, 'email'));
    expect(JSON.stringify(row!.value)).not.toContain(m.dovecot.password);
    expect(read.mailbox).toMatchObject({ lastFetchAt: null, importedTotal: 0, lastError: null, skipped: [] });
    // Agents see the mailbox, never its password.
    const asAgent = (await m.agent.get('/api/settings/email').expect(200)).body;
    expect(JSON.stringify(asAgent)).not.toContain(m.dovecot.password);
  });

  it('when the masked password is sent back, then the saved one is kept; a mask that is not the saved one is refused naming the field', async () => {
    await m.saveMailbox();
    const mask = (await m.status()).value!.imap!.password;
    await m.admin
      .post('/api/settings')
      .send({ key: 'email', value: mailboxSettings(m.dovecot, { password: mask, folder: 'INBOX' }) })
      .expect(200);
    await m.admin.post('/api/settings/email/imap/test').expect(200);
    const refused = await m.admin
      .post('/api/settings')
      .send({ key: 'email', value: mailboxSettings(m.dovecot, { password: '••••••••zzzz' }) })
      .expect(400);
    expect(refused.body.fieldErrors).toEqual({ 'value.imap.password': [SETTINGS_MESSAGES.maskedPassword] });
  });

  it('when fields are wrong, then 400 naming each', async () => {
    const res = await m.admin
      .post('/api/settings')
      .send({
        key: 'email',
        value: mailboxSettings(m.dovecot, {
          host: 'not a host!',
          port: 70_000,
          username: '',
          afterImport: { action: 'move', folder: '' } as never,
        }),
      })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual([
      'value.imap.afterImport.folder',
      'value.imap.host',
      'value.imap.port',
      'value.imap.username',
    ]);
  });

  it('when an agent saves or tests, then 403', async () => {
    await m.agent
      .post('/api/settings')
      .send({ key: 'email', value: mailboxSettings(m.dovecot) })
      .expect(403);
    await m.agent.post('/api/settings/email/imap/test').expect(403);
  });

  it('when the server is unreachable, then saving still works and Test Connection answers 503 saying it could not connect', async () => {
    await m.admin
      .post('/api/settings')
      .send({ key: 'email', value: mailboxSettings(m.dovecot, { port: 1 }) })
      .expect(200);
    const res = await m.admin.post('/api/settings/email/imap/test').expect(503);
    expect(res.body.error).toBe(
      `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${MAIL_SERVER_OUTCOMES.couldNotConnect}`,
    );
  });

  it('when Test Connection signs in, then it says how many messages the folder holds; a wrong password says sign-in failed', async () => {
    const folder = await freshFolder();
    await m.dovecot.append(mailFrom('a@example.net', 'One').raw, folder);
    await m.saveMailbox({ folder });
    const ok = await m.admin.post('/api/settings/email/imap/test').expect(200);
    expect(ok.body).toEqual({
      success: true,
      message: EMAIL_SETTINGS_TEXTS.imapTestOk(m.dovecot.host, folder, 1),
    });
    await m.saveMailbox({ folder, password: 'wrong password' });
    const refused = await m.admin.post('/api/settings/email/imap/test').expect(503);
    expect(refused.body.error).toBe(
      `${EMAIL_SETTINGS_TEXTS.imapTestFailed}: ${MAIL_SERVER_OUTCOMES.signInRefused}`,
    );
  });
});

describe('fetching the mailbox', () => {
  it('when a new message arrives, then it becomes a ticket, is marked read, and the card says so', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder });
    const uid = await m.dovecot.append(
      mailFrom('Rita Requester <rita@example.net>', 'Printer on fire').raw,
      folder,
    );
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    const [ticketId] = await ticketIdsWithSubject(m.t, 'Printer on fire');
    expect(ticketId).toBeDefined();
    const [ticket] = await m.t.database.db.select().from(tickets).where(eq(tickets.id, ticketId!));
    expect(ticket).toMatchObject({ fromEmail: 'rita@example.net', fromName: 'Rita Requester' });
    expect(await m.dovecot.list(folder)).toEqual([{ uid, flags: ['\\Seen'] }]);
    const { mailbox } = await m.status();
    expect(mailbox).toMatchObject({ lastImported: 1, importedTotal: 1, lastError: null });
    expect(Date.parse(mailbox!.lastFetchAt!)).toBeGreaterThan(Date.now() - 60_000);
    // Nothing new: nothing more.
    expect(await m.fetch()).toEqual({ imported: 0, skipped: 0 });
    expect(await ticketIdsWithSubject(m.t, 'Printer on fire')).toHaveLength(1);
  });

  it('when messages were in the mailbox before it was configured, then they are not imported', async () => {
    const folder = await freshFolder();
    await m.dovecot.append(mailFrom('old@example.net', 'From last year').raw, folder);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await m.saveMailbox({ folder });
    await m.dovecot.append(mailFrom('new@example.net', 'From today').raw, folder);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    expect(await ticketIdsWithSubject(m.t, 'From last year')).toHaveLength(0);
    expect(await ticketIdsWithSubject(m.t, 'From today')).toHaveLength(1);
  });

  it('when the requester answers in the thread, then the answer joins the ticket as a conversation message', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder });
    const first = mailFrom('sam@example.net', 'VPN down');
    await m.dovecot.append(first.raw, folder);
    await m.fetch();
    const answer = mailFrom(
      'sam@example.net',
      'Re: VPN down',
      {
        'In-Reply-To': first.messageId,
        References: first.messageId,
      },
      'Still down this morning.',
    );
    await m.dovecot.append(answer.raw, folder);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    const [ticketId] = await ticketIdsWithSubject(m.t, 'VPN down');
    expect(await ticketIdsWithSubject(m.t, 'Re: VPN down')).toHaveLength(0);
    const messages = await m.t.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId!));
    expect(messages.map((message) => message.body)).toContain('Still down this morning.');
  });

  it(
    'when 200 messages wait, then they become 200 tickets, read in batches',
    { timeout: 120_000 },
    async () => {
      const folder = await freshFolder();
      await m.saveMailbox({ folder });
      const before = await m.ticketCount();
      const raws = Array.from({ length: 200 }, (_, n) => mailFrom(`sender${n}@example.net`, `Bulk ${n}`).raw);
      await appendAll(m.dovecot, raws, folder);
      expect(await m.fetch()).toEqual({ imported: 200, skipped: 0 });
      expect((await m.ticketCount()) - before).toBe(200);
      const listed = await m.dovecot.list(folder);
      expect(listed.every((message) => message.flags.includes('\\Seen'))).toBe(true);
      expect((await m.status()).mailbox).toMatchObject({ lastImported: 200, importedTotal: 200 });
    },
  );

  it('when a message cannot be parsed, then it is left in the mailbox, reported, and the ones after it are imported', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder });
    const broken = await m.dovecot.append('Subject: No sender here\r\n\r\nWho sent this?\r\n', folder);
    await m.dovecot.append(mailFrom('after@example.net', 'After the broken one').raw, folder);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 1 });
    expect(await ticketIdsWithSubject(m.t, 'After the broken one')).toHaveLength(1);
    const listed = await m.dovecot.list(folder);
    expect(listed.find((message) => message.uid === broken)?.flags).toEqual([]);
    const { mailbox } = await m.status();
    expect(mailbox!.skipped).toEqual([
      {
        uid: broken,
        subject: 'No sender here',
        reason: expect.stringContaining('From'),
        at: expect.any(String),
      },
    ]);
    // Reported once: the next fetch goes on after it.
    expect(await m.fetch()).toEqual({ imported: 0, skipped: 0 });
  });

  it('when a message is imported but the fetch stopped before marking it, then the next fetch marks it without a second ticket', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder });
    const message = mailFrom('twice@example.net', 'Only once please');
    await m.dovecot.append(message.raw, folder);
    await m.fetch();
    // What a crash after the ticket's commit leaves: the message unread and the progress not recorded.
    await m.t.database.db.update(mailboxState).set({ lastUid: 0 });
    const [uid] = (await m.dovecot.list(folder)).map((entry) => entry.uid);
    await markUnread(m.dovecot, uid!, folder);
    expect(await m.fetch()).toEqual({ imported: 0, skipped: 0 });
    expect(await ticketIdsWithSubject(m.t, 'Only once please')).toHaveLength(1);
    expect((await m.dovecot.list(folder))[0]!.flags).toEqual(['\\Seen']);
  });

  it('when the setting says move, then imported messages are moved to that folder', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder, afterImport: { action: 'move', folder: `${folder}-done` } });
    await m.dovecot.append(mailFrom('mover@example.net', 'Move me').raw, folder);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    expect(await m.dovecot.list(folder)).toEqual([]);
    expect(await m.dovecot.list(`${folder}-done`)).toHaveLength(1);
  });

  it('when Dovecot is down, then the card shows the error, and fetching resumes when it is back', async () => {
    const folder = await freshFolder();
    await m.saveMailbox({ folder });
    await m.dovecot.append(mailFrom('patient@example.net', 'Waiting for Dovecot').raw, folder);
    await m.dovecot.stop();
    try {
      const failed = await m.fetch();
      expect(failed).toMatchObject({ imported: 0, error: MAIL_SERVER_OUTCOMES.couldNotConnect });
      expect((await m.status()).mailbox!.lastError).toBe(MAIL_SERVER_OUTCOMES.couldNotConnect);
    } finally {
      await m.dovecot.start();
    }
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    expect((await m.status()).mailbox!.lastError).toBeNull();
  });

  it(
    'when two processes fetch at once through the job runner, then each message becomes one ticket',
    { timeout: 90_000 },
    async () => {
      const folder = await freshFolder();
      await m.saveMailbox({ folder });
      const raws = Array.from({ length: 40 }, (_, n) => mailFrom(`race${n}@example.net`, `Race ${n}`).raw);
      await appendAll(m.dovecot, raws, folder);
      const first = createMailboxFetchJob(m.deps, 1);
      const secondRunner = createJobRunner(m.t.database.pool);
      const second = createMailboxFetchJob(m.deps, 1);
      try {
        await first.start(m.t.jobs);
        await second.start(secondRunner);
        first.runSoon();
        second.runSoon();
        const deadline = Date.now() + 60_000;
        while (
          Date.now() < deadline &&
          (await m.dovecot.list(folder)).some((entry) => entry.flags.length === 0)
        ) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const [row] = await m.t.database.db
          .select({ n: count() })
          .from(tickets)
          .where(eq(tickets.fromEmail, 'race0@example.net'));
        expect(row!.n).toBe(1);
        for (let n = 0; n < 40; n++) expect(await ticketIdsWithSubject(m.t, `Race ${n}`)).toHaveLength(1);
      } finally {
        await secondRunner.stop();
      }
    },
  );
});
