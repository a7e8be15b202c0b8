/**
 * A list of IMAP mailboxes, each with the group its mail goes to (issue 39,
 * docs/decisions/126-group-mailboxes.md), against the real test Dovecot: two folders are two
 * mailboxes, each read under its own state and each message imported once; the older single `imap`
 * setting, stored before the list existed, still loads and fetches; a bad mailbox is a 400 naming
 * its field.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_SETTINGS_TEXTS,
  MAILBOX_MESSAGES,
  type EmailSettingsResponse,
} from '@shared/contracts/email-settings';
import { GROUP_MESSAGES } from '@shared/contracts/groups';
import { SETTINGS_MESSAGES } from '@shared/contracts/settings';
import { mailboxState, settings, tickets } from '@shared/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { sealSecret } from '../../db/sealed-setting';
import { createMailboxFetchJob } from './fetch-mailbox.job';
import { appendAll, createMailboxTestApp, mailFrom, type MailboxTestApp } from '../../test/support/mailbox';
import { mailboxSettings } from '../../test/mail/dovecot-test-server';

let m: MailboxTestApp;
let network: string;
let hr: string;
const HR_ADDRESS = 'hr-it@helpdesk.example.com';

beforeAll(async () => {
  m = await createMailboxTestApp({ IMAP_BATCH_SIZE: '50' });
  const create = async (body: Record<string, unknown>) =>
    (await m.admin.post('/api/groups').send(body).expect(201)).body.group.id as string;
  network = await create({ name: 'Network' });
  hr = await create({ name: 'HR-IT', emailAddress: HR_ADDRESS });
});
afterAll(() => m?.close());
beforeEach(async () => {
  await m.t.database.db.delete(settings).where(eq(settings.key, 'email'));
  await m.t.database.db.delete(mailboxState);
});

let folderCounter = 0;
async function freshFolder(): Promise<string> {
  folderCounter += 1;
  const folder = `Groups${folderCounter}`;
  await m.dovecot.createFolder(folder);
  return folder;
}

/** A mailbox of the list on the test Dovecot. */
function mailbox(folder: string, extra: Record<string, unknown> = {}) {
  return { ...mailboxSettings(m.dovecot, { folder }).imap, ...extra };
}

/** The email settings with this list of mailboxes (and no `imap`). */
function withMailboxes(mailboxes: unknown[]) {
  const { imap: _imap, ...rest } = mailboxSettings(m.dovecot);
  return { ...rest, mailboxes };
}

const save = (value: unknown) => m.admin.post('/api/settings').send({ key: 'email', value });

async function groupOfSubject(subject: string): Promise<(string | null)[]> {
  const rows = await m.t.database.db
    .select({ groupId: tickets.groupId })
    .from(tickets)
    .where(eq(tickets.subject, subject));
  return rows.map((row) => row.groupId);
}

describe('two mailboxes into two groups', () => {
  it('when two folders are two mailboxes with a group each, then each folder’s mail opens tickets in its group, each message once, each mailbox under its own state', async () => {
    const [one, two] = [await freshFolder(), await freshFolder()];
    await save(withMailboxes([mailbox(one, { groupId: network }), mailbox(two, { groupId: hr })])).expect(
      200,
    );
    const status = await m.status();
    const ids = status.value!.mailboxes.map((each) => each.id);
    expect(status.value!.mailboxes).toMatchObject([
      { folder: one, groupId: network, password: expect.stringMatching(/^•+/) },
      { folder: two, groupId: hr, password: expect.stringMatching(/^•+/) },
    ]);
    expect(new Set(ids).size).toBe(2);
    // The first mailbox is still the older `imap` and `mailbox`, word for word.
    expect(status.value!.imap).toMatchObject({ folder: one });
    expect(status.value!.imap).not.toHaveProperty('groupId');

    await m.dovecot.append(mailFrom('a@example.net', 'Switch in room 4').raw, one);
    // Sent to HR's address but fetched from the Network mailbox: the mailbox's group decides.
    await m.dovecot.append(mailFrom('b@example.net', 'Fetched by Network', { To: HR_ADDRESS }).raw, one);
    await m.dovecot.append(mailFrom('c@example.net', 'Payroll access').raw, two);
    expect(await m.fetch()).toEqual({ imported: 3, skipped: 0 });
    expect(await groupOfSubject('Switch in room 4')).toEqual([network]);
    expect(await groupOfSubject('Fetched by Network')).toEqual([network]);
    expect(await groupOfSubject('Payroll access')).toEqual([hr]);

    // Nothing new: nothing more, from either.
    expect(await m.fetch()).toEqual({ imported: 0, skipped: 0 });
    const { mailboxStatuses } = await m.status();
    expect(mailboxStatuses[ids[0]!]).toMatchObject({ importedTotal: 2, lastError: null });
    expect(mailboxStatuses[ids[1]!]).toMatchObject({ importedTotal: 1, lastError: null });
    const rows = await m.t.database.db.select().from(mailboxState);
    expect(rows.map((row) => row.mailbox).sort()).toEqual([...ids].sort());
    expect(new Set(rows.map((row) => row.account)).size).toBe(2);
  });

  it(
    'when two processes fetch two mailboxes at once through the job runner, then each message of each becomes one ticket in its group',
    { timeout: 90_000 },
    async () => {
      const [one, two] = [await freshFolder(), await freshFolder()];
      await save(withMailboxes([mailbox(one, { groupId: network }), mailbox(two, { groupId: hr })])).expect(
        200,
      );
      const raws = (folder: string, tag: string) =>
        Array.from({ length: 15 }, (_, n) => mailFrom(`${tag}${n}@example.net`, `${tag} ${n}`).raw);
      await appendAll(m.dovecot, raws(one, 'Net'), one);
      await appendAll(m.dovecot, raws(two, 'Hr'), two);
      const first = createMailboxFetchJob(m.deps, 1);
      const secondRunner = createJobRunner(m.t.database.pool);
      const second = createMailboxFetchJob(m.deps, 1);
      try {
        await first.start(m.t.jobs);
        await second.start(secondRunner);
        first.runSoon();
        second.runSoon();
        const unread = async () =>
          [...(await m.dovecot.list(one)), ...(await m.dovecot.list(two))].some(
            (entry) => entry.flags.length === 0,
          );
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline && (await unread())) await new Promise((r) => setTimeout(r, 200));
        for (let n = 0; n < 15; n++) {
          expect(await groupOfSubject(`Net ${n}`)).toEqual([network]);
          expect(await groupOfSubject(`Hr ${n}`)).toEqual([hr]);
        }
      } finally {
        await secondRunner.stop();
      }
    },
  );

  it('when a mailbox has no group, then its mail is routed by the address it was sent to', async () => {
    const folder = await freshFolder();
    await save(withMailboxes([mailbox(folder)])).expect(200);
    await m.dovecot.append(mailFrom('d@example.net', 'To HR by address', { To: HR_ADDRESS }).raw, folder);
    await m.dovecot.append(mailFrom('e@example.net', 'To nobody in particular').raw, folder);
    expect(await m.fetch()).toEqual({ imported: 2, skipped: 0 });
    expect(await groupOfSubject('To HR by address')).toEqual([hr]);
    expect(await groupOfSubject('To nobody in particular')).toEqual([null]);
  });

  it('when a saved mailbox is sent back with its id and masked password, then its password and its place are kept; a removed mailbox is forgotten', async () => {
    const [one, two] = [await freshFolder(), await freshFolder()];
    await save(withMailboxes([mailbox(one), mailbox(two)])).expect(200);
    const saved = (await m.status()).value!.mailboxes;
    await m.dovecot.append(mailFrom('f@example.net', 'Before the edit').raw, two);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });

    // The second mailbox alone, given its group, its password left masked.
    await save(withMailboxes([{ ...saved[1]!, groupId: hr }])).expect(200);
    const after = await m.status();
    expect(after.value!.mailboxes).toMatchObject([{ id: saved[1]!.id, folder: two, groupId: hr }]);
    expect(after.mailboxStatuses[saved[1]!.id]).toMatchObject({ importedTotal: 1 });
    const rows = await m.t.database.db.select().from(mailboxState);
    expect(rows.map((row) => row.mailbox)).toEqual([saved[1]!.id]);
    await m.admin
      .post('/api/settings/email/imap/test')
      .send({ mailboxId: saved[1]!.id })
      .expect(200)
      .expect((res) =>
        expect(res.body.message).toBe(EMAIL_SETTINGS_TEXTS.imapTestOk(m.dovecot.host, two, 1)),
      );
    await m.admin.post('/api/settings/email/imap/test').send({ mailboxId: saved[0]!.id }).expect(404);

    // A mask for a mailbox that is not saved (no id) is refused at its own password field.
    const refused = await save(
      withMailboxes([
        { ...saved[1]!, groupId: hr },
        { ...mailbox(one), password: saved[0]!.password },
      ]),
    ).expect(400);
    expect(refused.body.fieldErrors).toEqual({
      'value.mailboxes.1.password': [SETTINGS_MESSAGES.maskedPassword],
    });
  });
});

describe('the older single `imap` setting', () => {
  it('when the row was saved before the list existed, then it loads as a list of one, keeps its fetch state, and fetches', async () => {
    const folder = await freshFolder();
    // Exactly what a save wrote before issue 39: one `imap`, its password sealed under its old context.
    const { sealed, hint } = sealSecret(
      m.deps.cipher,
      m.dovecot.password,
      'settings:email:imap.password',
      12,
    );
    await m.t.database.db.insert(settings).values({
      key: 'email',
      value: {
        smtp: {
          host: '127.0.0.1',
          port: 2525,
          security: 'none',
          username: '',
          passwordSealed: null,
          passwordHint: '',
        },
        fromAddress: 'support@helpdesk.example.com',
        fromName: 'Support',
        imap: {
          host: m.dovecot.host,
          port: m.dovecot.port,
          security: 'none',
          username: m.dovecot.user,
          passwordSealed: sealed,
          passwordHint: hint,
          folder,
          afterImport: { action: 'mark_read' },
        },
        lastCheck: null,
      },
    });
    await m.dovecot.append(mailFrom('g@example.net', 'Still fetched').raw, folder);
    expect(await m.fetch()).toEqual({ imported: 1, skipped: 0 });
    expect(await groupOfSubject('Still fetched')).toEqual([null]);
    const status: EmailSettingsResponse = await m.status();
    expect(status.value!.mailboxes).toEqual([
      expect.objectContaining({
        id: 'default',
        folder,
        groupId: null,
        password: expect.stringMatching(/^•+/),
      }),
    ]);
    expect(status.value!.imap).toMatchObject({ folder });
    expect(status.mailbox).toMatchObject({ importedTotal: 1 });
    expect(await m.fetch()).toEqual({ imported: 0, skipped: 0 });

    // Saved again in the older form with the mask: the same mailbox, its password and state kept.
    await m.admin
      .post('/api/settings')
      .send({
        key: 'email',
        value: mailboxSettings(m.dovecot, { folder, password: status.value!.imap!.password }),
      })
      .expect(200);
    const [row] = await m.t.database.db.select({ n: count() }).from(mailboxState);
    expect(row!.n).toBe(1);
    expect((await m.status()).mailbox).toMatchObject({ importedTotal: 1 });
    await m.admin.post('/api/settings/email/imap/test').expect(200);
  });
});

describe('bad input', () => {
  it.each([
    [
      'a group that does not exist',
      () =>
        withMailboxes([
          mailbox('INBOX'),
          mailbox('Other', { groupId: '00000000-0000-4000-8000-000000000000' }),
        ]),
      { 'value.mailboxes.1.groupId': [GROUP_MESSAGES.notFound] },
    ],
    [
      'a group id that is not an id',
      () => withMailboxes([mailbox('INBOX', { groupId: 'network' })]),
      { 'value.mailboxes.0.groupId': ['Must be a group id'] },
    ],
    [
      'the same folder of the same account twice',
      () => withMailboxes([mailbox('INBOX'), mailbox('INBOX')]),
      { 'value.mailboxes.1.folder': [MAILBOX_MESSAGES.listedTwice] },
    ],
    [
      'a host that is not one',
      () => withMailboxes([mailbox('INBOX', { host: 'not a host!' })]),
      { 'value.mailboxes.0.host': ['IMAP host must be a host name or address'] },
    ],
    [
      'the older `imap` with a group that does not exist',
      () => ({
        ...mailboxSettings(m.dovecot),
        imap: mailbox('INBOX', { groupId: '00000000-0000-4000-8000-000000000000' }),
      }),
      { 'value.imap.groupId': [GROUP_MESSAGES.notFound] },
    ],
    [
      `more than the ${21 - 1} mailboxes allowed`,
      () => withMailboxes(Array.from({ length: 21 }, (_, n) => mailbox(`F${n}`))),
      { 'value.mailboxes': [MAILBOX_MESSAGES.tooMany] },
    ],
  ])(
    'when a mailbox has %s, then 400 naming the field and nothing is saved',
    async (_what, value, fieldErrors) => {
      const res = await save(value()).expect(400);
      expect(res.body.fieldErrors).toEqual(fieldErrors);
      const [row] = await m.t.database.db
        .select({ n: count() })
        .from(settings)
        .where(eq(settings.key, 'email'));
      expect(row!.n).toBe(0);
    },
  );

  it('when the 400 names a mailbox field, then its message says the field by its label', async () => {
    const res = await save(withMailboxes([mailbox('INBOX', { groupId: 'x' })])).expect(400);
    expect(res.body.message).toContain('Group');
  });
});
