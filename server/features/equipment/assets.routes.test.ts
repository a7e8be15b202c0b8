/**
 * Issue 42's first slice: the inventory, loans tied to assets and tickets with no double booking
 * (the database's exclusion constraint), availability, the CSV import, a ticket's loans and the
 * Activity Log entries of lending and returning.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ASSET_MESSAGES, type Asset } from '@shared/contracts/assets';
import type { LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { createTicket } from '../../test/support/tickets';
import { createTestApp, openSecondApp, signedInAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let signedIn: Awaited<ReturnType<typeof signedInAgent>>;

/** The database's date `days` from its today: the server's "today" is the one that counts. */
async function day(days: number): Promise<string> {
  const { rows } = await t.database.pool.query<{ day: string }>(
    'SELECT (CURRENT_DATE + $1::int)::text AS day',
    [days],
  );
  return rows[0]!.day;
}

beforeAll(async () => {
  t = await createTestApp();
  signedIn = await signedInAgent(t.app);
});
afterAll(() => t.close());

const tag = (prefix = 'LT') => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

async function createAsset(overrides: Record<string, unknown> = {}): Promise<Asset> {
  const res = await signedIn.agent
    .post('/api/assets')
    .send({
      assetTag: tag(),
      productType: 'laptop',
      model: 'ThinkPad T14',
      serialNumber: 'PF-1',
      ...overrides,
    })
    .expect(201);
  return res.body.asset as Asset;
}

async function readAsset(id: string): Promise<Asset> {
  return (await signedIn.agent.get(`/api/assets/${id}`).expect(200)).body.asset as Asset;
}

const loanBody = async (overrides: Record<string, unknown> = {}) => ({
  productType: 'laptop',
  personName: 'Robin Reyes',
  phone: '555-0100',
  officeNumber: 'B-204',
  checkoutDate: await day(0),
  expectedReturnDate: await day(3),
  ...overrides,
});

async function lend(overrides: Record<string, unknown> = {}) {
  return signedIn.agent.post('/api/loaner-equipment').send(await loanBody(overrides));
}

describe('the inventory', () => {
  it('when an asset is created, then 201 with it available and no current loan', async () => {
    const assetTag = tag();
    const res = await signedIn.agent
      .post('/api/assets')
      .send({ assetTag, productType: 'laptop', model: ' ThinkPad ', serialNumber: '', notes: 'Spare' })
      .expect(201);
    expect(res.body.asset).toMatchObject({
      assetTag,
      productType: 'laptop',
      model: 'ThinkPad',
      serialNumber: null,
      status: 'available',
      notes: 'Spare',
      currentLoan: null,
    });
  });

  it('when a tag differs from another only in case, then 409 names assetTag', async () => {
    const asset = await createAsset();
    const res = await signedIn.agent
      .post('/api/assets')
      .send({ assetTag: asset.assetTag.toLowerCase(), productType: 'laptop' })
      .expect(409);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['assetTag']);
    const other = await createAsset();
    await signedIn.agent
      .put(`/api/assets/${other.id}`)
      .send({ assetTag: asset.assetTag.toUpperCase() })
      .expect(409);
  });

  it('when a create or an edit asks for on_loan, then 400 names status', async () => {
    const res = await signedIn.agent
      .post('/api/assets')
      .send({ assetTag: tag(), productType: 'laptop', status: 'on_loan' })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ status: [ASSET_MESSAGES.onLoanNotEditable] });
    const asset = await createAsset();
    await signedIn.agent.put(`/api/assets/${asset.id}`).send({ status: 'on_loan' }).expect(400);
  });

  it('when searching, then the tag, the serial number and the model are found in any case', async () => {
    const k = crypto.randomBytes(3).toString('hex');
    const byTag = await createAsset({ assetTag: `SRCH-${k}` });
    const bySerial = await createAsset({ serialNumber: `SER${k}X` });
    const byModel = await createAsset({ model: `Model ${k} Pro` });
    const res = await signedIn.agent.get('/api/assets').query({ search: k.toUpperCase() }).expect(200);
    expect(res.body.assets.map((a: Asset) => a.id).sort()).toEqual(
      [byTag.id, bySerial.id, byModel.id].sort(),
    );
    expect(res.body.total).toBe(3);
  });

  it('when an unknown asset is read, then 404', async () => {
    await signedIn.agent.get(`/api/assets/${crypto.randomUUID()}`).expect(404);
  });
});

describe('loans tied to assets', () => {
  it('when two loans of one asset touch on the same day, then 409 says who has it until when; one day apart, 201', async () => {
    const asset = await createAsset();
    const first = await lend({
      assetId: asset.id,
      checkoutDate: await day(10),
      expectedReturnDate: await day(14),
    });
    expect(first.status).toBe(201);
    const sameDay = await lend({
      assetId: asset.id,
      personName: 'Sam Lee',
      checkoutDate: await day(14),
      expectedReturnDate: await day(16),
    });
    expect(sameDay.status).toBe(409);
    expect(sameDay.body.message).toBe(
      `${asset.assetTag} is reserved for Robin Reyes from ${await day(10)} until ${await day(14)}`,
    );
    const before = await lend({
      assetId: asset.id,
      checkoutDate: await day(5),
      expectedReturnDate: await day(10),
    });
    expect(before.status).toBe(409);
    await lend({ assetId: asset.id, checkoutDate: await day(15), expectedReturnDate: await day(16) }).then(
      (r) => expect(r.status).toBe(201),
    );
    await lend({ assetId: asset.id, checkoutDate: await day(7), expectedReturnDate: await day(9) }).then(
      (r) => expect(r.status).toBe(201),
    );
  });

  it('when the overlap slips past the service check, then the database refuses it (23P01)', async () => {
    const asset = await createAsset();
    await lend({ assetId: asset.id }).then((r) => expect(r.status).toBe(201));
    await expect(
      t.database.pool.query(
        `INSERT INTO loaner_equipment (product_type, person_name, phone, office_number, checkout_date,
           expected_return_date, created_by, asset_id) VALUES ('laptop', 'X', '1', '1', CURRENT_DATE, CURRENT_DATE, $1, $2)`,
        [signedIn.user.id, asset.id],
      ),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'loaner_equipment_asset_no_overlap' });
  });

  it('when a loan is lent today, then the asset is on loan with it; returned, available again', async () => {
    const asset = await createAsset();
    const loan = (await lend({ assetId: asset.id }).then((r) => r.body)) as LoanerEquipmentRecord;
    expect(loan.assetId).toBe(asset.id);
    expect(await readAsset(asset.id)).toMatchObject({
      status: 'on_loan',
      currentLoan: { id: loan.id, personName: 'Robin Reyes', expectedReturnDate: await day(3) },
    });
    const stored = await t.database.pool.query('SELECT status FROM assets WHERE id = $1', [asset.id]);
    expect(stored.rows[0].status).toBe('on_loan');
    await signedIn.agent.put(`/api/loaner-equipment/${loan.id}`).send({ isReturned: true }).expect(200);
    expect(await readAsset(asset.id)).toMatchObject({ status: 'available', currentLoan: null });
    // Reopened: on loan again; deleted: available.
    await signedIn.agent.put(`/api/loaner-equipment/${loan.id}`).send({ isReturned: false }).expect(200);
    expect((await readAsset(asset.id)).status).toBe('on_loan');
    await signedIn.agent.delete(`/api/loaner-equipment/${loan.id}`).expect(204);
    expect((await readAsset(asset.id)).status).toBe('available');
  });

  it('when a loan moves to another asset, then the first is available and the second on loan', async () => {
    const [a, b] = [await createAsset(), await createAsset()];
    const loan = (await lend({ assetId: a.id })).body as LoanerEquipmentRecord;
    await signedIn.agent.put(`/api/loaner-equipment/${loan.id}`).send({ assetId: b.id }).expect(200);
    expect((await readAsset(a.id)).status).toBe('available');
    expect((await readAsset(b.id)).status).toBe('on_loan');
    const cleared = await signedIn.agent
      .put(`/api/loaner-equipment/${loan.id}`)
      .send({ assetId: null })
      .expect(200);
    expect(cleared.body.assetId).toBeUndefined();
    expect((await readAsset(b.id)).status).toBe('available');
  });

  it('when a loan is reserved for later, then the asset stays available, and a loan before it still fits', async () => {
    const asset = await createAsset();
    const reservation = await lend({
      assetId: asset.id,
      checkoutDate: await day(5),
      expectedReturnDate: await day(8),
    });
    expect(reservation.status).toBe(201);
    expect(await readAsset(asset.id)).toMatchObject({ status: 'available', currentLoan: null });
    const now = await lend({
      assetId: asset.id,
      checkoutDate: await day(0),
      expectedReturnDate: await day(4),
    });
    expect(now.status).toBe(201);
    expect((await readAsset(asset.id)).status).toBe('on_loan');
    const longer = await signedIn.agent
      .put(`/api/loaner-equipment/${now.body.id}`)
      .send({ expectedReturnDate: await day(6) })
      .expect(409);
    expect(longer.body.message).toContain('reserved for Robin Reyes');
  });

  it('when a reservation’s day has come, then the asset reads as on loan without any write', async () => {
    const asset = await createAsset();
    const loan = await lend({
      assetId: asset.id,
      checkoutDate: await day(2),
      expectedReturnDate: await day(4),
    });
    await t.database.pool.query(
      `UPDATE loaner_equipment SET checkout_date = CURRENT_DATE - 1, expected_return_date = CURRENT_DATE + 1 WHERE id = $1`,
      [loan.body.id],
    );
    expect((await readAsset(asset.id)).status).toBe('on_loan');
  });

  it('when an asset is retired or in repair, then lending it is refused with 409', async () => {
    for (const status of ['retired', 'in_repair'] as const) {
      const asset = await createAsset({ status });
      const res = await lend({ assetId: asset.id }).then((r) => r);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(ASSET_MESSAGES.notLendable(asset.assetTag, status));
    }
  });

  it('when an asset with an open loan or reservation is retired, then 409; once returned, it can be', async () => {
    const asset = await createAsset();
    const loan = await lend({
      assetId: asset.id,
      checkoutDate: await day(3),
      expectedReturnDate: await day(4),
    });
    const res = await signedIn.agent.put(`/api/assets/${asset.id}`).send({ status: 'retired' }).expect(409);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['status']);
    await signedIn.agent.put(`/api/loaner-equipment/${loan.body.id}`).send({ isReturned: true }).expect(200);
    const retired = await signedIn.agent
      .put(`/api/assets/${asset.id}`)
      .send({ status: 'retired' })
      .expect(200);
    expect(retired.body.asset.status).toBe('retired');
    // Reopening the returned loan would lend a retired asset.
    await signedIn.agent.put(`/api/loaner-equipment/${loan.body.id}`).send({ isReturned: false }).expect(409);
  });

  it('when an asset on loan is edited as available, then it stays on loan', async () => {
    const asset = await createAsset();
    await lend({ assetId: asset.id }).then((r) => expect(r.status).toBe(201));
    const res = await signedIn.agent
      .put(`/api/assets/${asset.id}`)
      .send({ status: 'available', model: 'T16' })
      .expect(200);
    expect(res.body.asset).toMatchObject({ status: 'on_loan', model: 'T16' });
  });

  it('when the asset or ticket is unknown, or of another product type, then 400 names the field', async () => {
    const unknownAsset = await lend({ assetId: crypto.randomUUID() });
    expect(unknownAsset.status).toBe(400);
    expect(unknownAsset.body.fieldErrors).toEqual({ assetId: [ASSET_MESSAGES.unknownAsset] });
    const unknownTicket = await lend({ ticketId: crypto.randomUUID() });
    expect(unknownTicket.body.fieldErrors).toEqual({ ticketId: [ASSET_MESSAGES.unknownTicket] });
    const monitor = await createAsset({ productType: 'monitor' });
    const mismatch = await lend({ assetId: monitor.id });
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.fieldErrors)).toEqual(['productType']);
  });

  // Needs two connections at once, which the embedded database's single connection cannot give.
  describe.runIf(inject('testDatabase') !== undefined)('two app processes', () => {
    it('when both lend one asset at the same instant, then one 201 and one 409', async () => {
      const second = await openSecondApp(t);
      try {
        const login = await request(t.app)
          .post('/api/login')
          .send({ email: signedIn.input.email, password: signedIn.input.password })
          .expect(200);
        const cookie = login
          .get('Set-Cookie')!
          .map((header) => header.split(';')[0])
          .join('; ');
        for (let round = 0; round < 5; round++) {
          const asset = await createAsset();
          const body = await loanBody({ assetId: asset.id });
          const results = await Promise.all(
            [t.app, second.app].map((app) =>
              request(app)
                .post('/api/loaner-equipment')
                .set('Cookie', cookie)
                .send({ ...body, personName: `Person ${round}` }),
            ),
          );
          expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
          const refused = results.find((r) => r.status === 409)!;
          expect(refused.body.message).toBe(
            `${asset.assetTag} is lent to Person ${round} until ${await day(3)}`,
          );
        }
      } finally {
        await second.stop();
      }
    });
  });
});

describe('availability', () => {
  it('when asked for a range, then exactly the assets a hand count finds free', async () => {
    const type = 'tablet';
    const free = await createAsset({ productType: type });
    const lentInside = await createAsset({ productType: type });
    const lentAtEdge = await createAsset({ productType: type });
    const lentBefore = await createAsset({ productType: type });
    const returned = await createAsset({ productType: type });
    const overdue = await createAsset({ productType: type });
    const retired = await createAsset({ productType: type, status: 'retired' });
    const repair = await createAsset({ productType: type, status: 'in_repair' });
    const laptop = await createAsset({ productType: 'laptop' });
    const [from, to] = [await day(20), await day(25)];
    const book = async (assetId: string, c: number, e: number, extra: Record<string, unknown> = {}) =>
      expect(
        (
          await lend({
            productType: type,
            assetId,
            checkoutDate: await day(c),
            expectedReturnDate: await day(e),
            ...extra,
          })
        ).status,
      ).toBe(201);
    await book(lentInside.id, 21, 22);
    await book(lentAtEdge.id, 25, 30);
    await book(lentBefore.id, 10, 19);
    await book(returned.id, 20, 25, { actualReturnDate: await day(20) });
    await book(overdue.id, -5, -1);
    const res = await signedIn.agent
      .get('/api/assets/availability')
      .query({ productType: type, from, to, limit: 500 })
      .expect(200);
    const ids = new Set(res.body.assets.map((a: Asset) => a.id));
    const mine = [free, lentInside, lentAtEdge, lentBefore, returned, overdue, retired, repair, laptop];
    expect(mine.filter((a) => ids.has(a.id)).map((a) => a.id)).toEqual([free.id, lentBefore.id, returned.id]);
  });

  it('when more are free than a page holds, then the page comes in tag order and says more are free', async () => {
    const model = `Pager ${crypto.randomBytes(4).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await createAsset({ productType: 'monitor', model }));
    const ask = (query: Record<string, unknown>) =>
      signedIn.agent
        .get('/api/assets/availability')
        .query({ productType: 'monitor', from: '2031-01-01', to: '2031-01-31', search: model, ...query })
        .expect(200);
    const byTag = made.map((a) => a.assetTag).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    const page = await ask({ limit: 3 });
    expect(page.body.assets.map((a: Asset) => a.assetTag)).toEqual(byTag.slice(0, 3));
    expect(page.body.hasMore).toBe(true);
    const all = await ask({});
    expect(all.body.assets).toHaveLength(4);
    expect(all.body.hasMore).toBe(false);
    // The search finds one by its tag as well.
    const one = await ask({ search: made[2]!.assetTag.toLowerCase() });
    expect(one.body.assets.map((a: Asset) => a.id)).toEqual([made[2]!.id]);
  });

  it('when the limit is out of bounds, then 400 names limit', async () => {
    const res = await signedIn.agent
      .get('/api/assets/availability')
      .query({ from: '2026-05-01', to: '2026-05-02', limit: 501 })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['limit']);
  });

  it('when the range ends before it starts, then 400 names to', async () => {
    const res = await signedIn.agent
      .get('/api/assets/availability')
      .query({ from: '2026-05-02', to: '2026-05-01' })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['to']);
  });
});

describe('the CSV import', () => {
  const upload = (csv: string, query: Record<string, string> = {}) =>
    signedIn.agent.post('/api/assets/import').query(query).attach('file', Buffer.from(csv), 'assets.csv');
  const count = async (prefix: string) =>
    (
      await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM assets WHERE asset_tag LIKE $1',
        [`${prefix}%`],
      )
    ).rows[0]!.n;

  it('when a row is bad, then nothing is written and the error names its line and field', async () => {
    const p = tag('CSV');
    const csv = `Asset Tag,Product Type,Model,Serial Number,Status,Notes\n${p}-1,Laptop,T14,SN1,,\n${p}-2,toaster,X,SN2,,\n`;
    const res = await upload(csv).expect(200);
    expect(res.body).toEqual({
      created: 0,
      updated: 0,
      errors: [
        { line: 3, field: 'productType', message: expect.stringContaining('Product type must be one of') },
      ],
    });
    expect(await count(p)).toBe(0);
  });

  it('when skipInvalid, then the good rows are written; an existing tag in another case is updated', async () => {
    const existing = await createAsset({ model: 'Old' });
    const p = tag('CSV');
    const csv = [
      'assetTag,productType,model,status',
      `${p}-1,laptop,T14,`,
      `${existing.assetTag.toLowerCase()},laptop,New,in repair`,
      `${p}-2,,X,`,
      `${p}-1,laptop,Dup,`,
    ].join('\r\n');
    const res = await upload(csv, { skipInvalid: 'true' }).expect(200);
    expect(res.body.created).toBe(1);
    expect(res.body.updated).toBe(1);
    expect(res.body.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([
      [4, 'productType'],
      [5, 'assetTag'],
    ]);
    expect(await readAsset(existing.id)).toMatchObject({
      model: 'New',
      status: 'in_repair',
      serialNumber: 'PF-1',
    });
  });

  it('when dryRun, then the counts are answered and nothing is written', async () => {
    const p = tag('CSV');
    const res = await upload(`assetTag,productType\n${p}-1,laptop\n${p}-2,monitor\n`, {
      dryRun: 'true',
    }).expect(200);
    expect(res.body).toEqual({ created: 2, updated: 0, errors: [] });
    expect(await count(p)).toBe(0);
  });

  it('when the file has no tag column or no file is sent, then 400 names file', async () => {
    const res = await upload('model,productType\nX,laptop\n').expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['file']);
    const none = await signedIn.agent.post('/api/assets/import').send({}).expect(400);
    expect(none.body.fieldErrors).toEqual({ file: [ASSET_MESSAGES.noFile] });
  });

  it('when 10,000 rows are imported, then all are created in one request', async () => {
    const p = tag('BULK');
    const lines = ['Asset Tag,Product Type,Model,Serial Number,Status,Notes'];
    for (let i = 0; i < 10_000; i++)
      lines.push(`${p}-${i},laptop,Model ${i % 7},SN-${p}-${i},available,Row ${i}`);
    const started = performance.now();
    const res = await upload(lines.join('\n')).expect(200);
    console.info(`Imported 10,000 assets in ${Math.round(performance.now() - started)} ms`);
    expect(res.body).toEqual({ created: 10_000, updated: 0, errors: [] });
    expect(await count(p)).toBe(10_000);
    const again = await upload(lines.join('\n')).expect(200);
    expect(again.body).toEqual({ created: 0, updated: 10_000, errors: [] });
  }, 60_000);
});

describe('a ticket’s loans and its Activity Log', () => {
  const activity = async (ticketId: string) =>
    (await signedIn.agent.get(`/api/tickets/${ticketId}/activity`).expect(200)).body as unknown;

  it('when loans are lent, returned, linked and unlinked, then the ticket lists them and logs each', async () => {
    const ticket = await createTicket(signedIn.agent);
    const other = await createTicket(signedIn.agent);
    const asset = await createAsset();
    const lent = (await lend({ assetId: asset.id, ticketId: ticket.id })).body as LoanerEquipmentRecord;
    expect(lent.ticketId).toBe(ticket.id);
    const reserved = (
      await lend({ ticketId: ticket.id, checkoutDate: await day(9), expectedReturnDate: await day(10) })
    ).body as LoanerEquipmentRecord;
    const list = await signedIn.agent.get(`/api/tickets/${ticket.id}/loans`).expect(200);
    expect(list.body.loans.map((l: LoanerEquipmentRecord) => l.id)).toEqual([reserved.id, lent.id]);
    // The assets they lent come beside them, once each, for the ticket's Loans card to name.
    expect(list.body.assets.map((a: { assetTag: string }) => a.assetTag)).toEqual([asset.assetTag]);
    await signedIn.agent.put(`/api/loaner-equipment/${lent.id}`).send({ isReturned: true }).expect(200);
    await signedIn.agent.put(`/api/loaner-equipment/${reserved.id}`).send({ ticketId: other.id }).expect(200);
    const { rows } = await t.database.pool.query<{ ticket_id: string; from_value: string; to_value: string }>(
      `SELECT ticket_id, from_value, to_value FROM ticket_events WHERE kind = 'loan' AND ticket_id = ANY($1)
        ORDER BY created_at, ticket_id = $2::uuid`,
      [[ticket.id, other.id], other.id],
    );
    expect(
      rows.map((r) => [r.ticket_id === ticket.id ? 'ticket' : 'other', r.from_value, r.to_value]),
    ).toEqual([
      ['ticket', 'lent', `Laptop ${asset.assetTag} to Robin Reyes until ${await day(3)}`],
      ['ticket', 'reserved', `Laptop for Robin Reyes from ${await day(9)} until ${await day(10)}`],
      ['ticket', 'returned', `Laptop ${asset.assetTag} from Robin Reyes`],
      ['ticket', 'unlinked', `Laptop to Robin Reyes until ${await day(10)}`],
      ['other', 'linked', `Laptop to Robin Reyes until ${await day(10)}`],
    ]);
    expect(JSON.stringify(await activity(ticket.id))).toContain('"kind":"loan"');
    const detail = await signedIn.agent.get(`/api/assets/${asset.id}`).expect(200);
    expect(detail.body.loans.map((l: LoanerEquipmentRecord) => l.id)).toEqual([lent.id]);
    expect(detail.body.tickets).toEqual([
      { id: ticket.id, ticketNumber: ticket.ticketNumber, subject: ticket.subject, status: ticket.status },
    ]);
  });

  it('when the ticket is unknown or in the Trash, then 404', async () => {
    await signedIn.agent.get(`/api/tickets/${crypto.randomUUID()}/loans`).expect(404);
    const ticket = await createTicket(signedIn.agent);
    await signedIn.agent
      .delete(`/api/tickets/${ticket.id}`)
      .expect((res) => expect(res.status).toBeLessThan(300));
    await signedIn.agent.get(`/api/tickets/${ticket.id}/loans`).expect(404);
  });
});

describe('an asset lent for a ticket of a private group', () => {
  it('when an agent outside the group opens the asset, then its history leaves that ticket out; the admin sees it', async () => {
    const outsider = await signedInAgent(t.app);
    const group = await signedIn.agent
      .post('/api/groups')
      .send({ name: `HR-IT ${crypto.randomUUID().slice(0, 8)}`, private: true, members: [] })
      .expect(201);
    const ticket = await createTicket(signedIn.agent, { groupId: group.body.group.id });
    const asset = await createAsset();
    expect((await lend({ assetId: asset.id, ticketId: ticket.id })).status).toBe(201);

    const asAdmin = await signedIn.agent.get(`/api/assets/${asset.id}`).expect(200);
    expect(asAdmin.body.tickets.map((row: { id: string }) => row.id)).toEqual([ticket.id]);
    const asOutsider = await outsider.agent.get(`/api/assets/${asset.id}`).expect(200);
    expect(asOutsider.body.tickets).toEqual([]);
  });
});
