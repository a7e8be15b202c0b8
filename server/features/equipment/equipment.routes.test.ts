import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOANER_PRODUCT_TYPES } from '@shared/constants';
import { LOANER_MESSAGES, type LoanerEquipmentRecord } from '@shared/contracts/equipment';
import { createTestApp, signedInAgent, type TestApp } from '../../test/test-app';

const URL = '/api/loaner-equipment';

let t: TestApp;
let signedIn: Awaited<ReturnType<typeof signedInAgent>>;
let today: string;

/** The database's date `days` from its today: the server's notion of "today" is the one that counts. */
async function dayFromToday(days: number): Promise<string> {
  const { rows } = await t.database.pool.query<{ day: string }>(
    'SELECT (CURRENT_DATE + $1::int)::text AS day',
    [days],
  );
  return rows[0]!.day;
}

beforeAll(async () => {
  t = await createTestApp();
  signedIn = await signedInAgent(t.app);
  today = await dayFromToday(0);
});
afterAll(() => t.close());

const token = () => crypto.randomBytes(4).toString('hex');

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    productType: 'laptop',
    personName: 'Grace Hopper',
    phone: '555-0100',
    officeNumber: 'B-204',
    checkoutDate: today,
    expectedReturnDate: today,
    assignedTo: null,
    notes: 'Charger included',
    ...overrides,
  };
}

async function createLoaner(overrides: Record<string, unknown> = {}): Promise<LoanerEquipmentRecord> {
  const res = await signedIn.agent.post(URL).send(validBody(overrides)).expect(201);
  return res.body as LoanerEquipmentRecord;
}

async function list(query: Record<string, string> = {}): Promise<LoanerEquipmentRecord[]> {
  const res = await signedIn.agent.get(URL).query(query).expect(200);
  return res.body as LoanerEquipmentRecord[];
}

async function storedRow(id: string) {
  const { rows } = await t.database.pool.query(
    `SELECT person_name, created_by, is_returned, actual_return_date::text AS actual_return_date,
            expected_return_date::text AS expected_return_date, checkout_date::text AS checkout_date
       FROM loaner_equipment WHERE id = $1`,
    [id],
  );
  return rows[0] as Record<string, unknown> | undefined;
}

const RECORD_KEYS = [
  'actualReturnDate',
  'assignedTo',
  'checkoutDate',
  'createdAt',
  'createdBy',
  'expectedReturnDate',
  'id',
  'isOverdue',
  'isReturned',
  'notes',
  'officeNumber',
  'personName',
  'phone',
  'productType',
  'updatedAt',
];

describe('signed-out access', () => {
  it.each([
    ['get', URL],
    ['post', URL],
    ['put', `${URL}/${crypto.randomUUID()}`],
    ['delete', `${URL}/${crypto.randomUUID()}`],
  ] as const)('when %s %s is called without a session, then 401', async (method, path) => {
    const res = await request(t.app)[method](path).send(validBody()).expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });
});

describe('POST /api/loaner-equipment', () => {
  it('when the body is valid, then 201 with the whole record, created by the signed-in user', async () => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ personName: '  Grace Hopper  ', officeNumber: ' B-204 ' }))
      .expect(201);
    expect(Object.keys(res.body).sort()).toEqual(RECORD_KEYS);
    expect(res.body).toMatchObject({
      productType: 'laptop',
      personName: 'Grace Hopper',
      phone: '555-0100',
      officeNumber: 'B-204',
      checkoutDate: today,
      expectedReturnDate: today,
      actualReturnDate: null,
      isReturned: false,
      isOverdue: false,
      notes: 'Charger included',
      assignedTo: null,
      createdBy: signedIn.user.id,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    expect(await storedRow(res.body.id)).toMatchObject({
      person_name: 'Grace Hopper',
      created_by: signedIn.user.id,
    });
  });

  it('when the client sends id, createdBy, isReturned or timestamps, then they are ignored', async () => {
    const other = await signedInAgent(t.app);
    const id = crypto.randomUUID();
    const res = await signedIn.agent
      .post(URL)
      .send(
        validBody({
          id,
          createdBy: other.user.id,
          createdAt: '2000-01-01T00:00:00.000Z',
          updatedAt: '2000-01-01T00:00:00.000Z',
          isReturned: true,
          isOverdue: true,
        }),
      )
      .expect(201);
    expect(res.body.id).not.toBe(id);
    expect(res.body.createdBy).toBe(signedIn.user.id);
    expect(res.body.createdAt.startsWith('2000')).toBe(false);
    expect(res.body.isReturned).toBe(false);
    expect(res.body.isOverdue).toBe(false);
  });

  it('when assignedTo names an existing user, then the record is assigned to them', async () => {
    const other = await signedInAgent(t.app);
    const record = await createLoaner({ assignedTo: other.user.id });
    expect(record.assignedTo).toBe(other.user.id);
  });

  it('when assignedTo and notes are left out, then the record is unassigned with no notes', async () => {
    const { assignedTo: _assignedTo, notes: _notes, ...body } = validBody();
    const res = await signedIn.agent.post(URL).send(body).expect(201);
    expect(res.body).toMatchObject({ assignedTo: null, notes: null });
  });

  it('when notes are blank, then they are stored as none', async () => {
    expect((await createLoaner({ notes: '   ' })).notes).toBeNull();
  });

  it('when an actual return date is given, then the loan is recorded as already returned', async () => {
    const record = await createLoaner({ actualReturnDate: today });
    expect(record).toMatchObject({ isReturned: true, actualReturnDate: today, isOverdue: false });
  });

  it('when the expected return date is the checkout date, then it is accepted', async () => {
    await createLoaner({ checkoutDate: '2026-05-04', expectedReturnDate: '2026-05-04' });
  });

  it.each(['productType', 'personName', 'phone', 'officeNumber', 'checkoutDate', 'expectedReturnDate'])(
    'when %s is missing, then 400 names it as required',
    async (field) => {
      const body: Record<string, unknown> = validBody();
      delete body[field];
      const res = await signedIn.agent.post(URL).send(body).expect(400);
      expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
      expect(res.body.fieldErrors[field][0]).toMatch(/is required$/);
      // Named by its label, not its key path (decision 120); the field's own message follows.
      expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
    },
  );

  it.each([
    ['personName', 'Person name is required'],
    ['phone', 'Phone number is required'],
    ['officeNumber', 'Office number is required'],
  ])('when %s is blank after trimming, then 400 "%s"', async (field, message) => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ [field]: ' \t ' }))
      .expect(400);
    expect(res.body.fieldErrors[field]).toEqual([message]);
    expect(res.body.message).toBe(message);
  });

  it('when the body is empty, then 400 lists every required field', async () => {
    const res = await signedIn.agent.post(URL).send({}).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(
      ['checkoutDate', 'expectedReturnDate', 'officeNumber', 'personName', 'phone', 'productType'].sort(),
    );
  });

  it.each(['car', 'Laptop', '', 7])(
    'when productType is %j, then 400 lists the allowed types',
    async (value) => {
      const res = await signedIn.agent
        .post(URL)
        .send(validBody({ productType: value }))
        .expect(400);
      expect(res.body.fieldErrors.productType).toEqual([
        `Product type must be one of: ${LOANER_PRODUCT_TYPES.join(', ')}`,
      ]);
    },
  );

  it.each(LOANER_PRODUCT_TYPES)('when productType is %s, then it is accepted', async (productType) => {
    expect((await createLoaner({ productType })).productType).toBe(productType);
  });

  it.each([
    ['checkoutDate', '2026/03/02', 'Must be a date in YYYY-MM-DD format'],
    ['checkoutDate', '03-02-2026', 'Must be a date in YYYY-MM-DD format'],
    ['checkoutDate', '2026-03-02T10:00:00Z', 'Must be a date in YYYY-MM-DD format'],
    ['checkoutDate', 20260302, 'Checkout date must be text'],
    ['expectedReturnDate', '2026-02-30', 'Must be a real calendar date'],
    ['expectedReturnDate', '2026-13-01', 'Must be a real calendar date'],
    ['expectedReturnDate', '2025-02-29', 'Must be a real calendar date'],
    ['checkoutDate', '0000-01-01', 'Checkout date must be between 1900-01-01 and 2999-12-31'],
    ['expectedReturnDate', '9999-12-31', 'Expected return date must be between 1900-01-01 and 2999-12-31'],
    ['actualReturnDate', 'yesterday', 'Must be a date in YYYY-MM-DD format'],
  ])('when %s is %j, then 400 "%s"', async (field, value, message) => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ [field]: value }))
      .expect(400);
    expect(res.body.fieldErrors[field]).toEqual([message]);
  });

  it('when the expected return date precedes the checkout date, then 400 with the spec message', async () => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ checkoutDate: '2026-03-10', expectedReturnDate: '2026-03-09' }))
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });
    expect(res.body.message).toBe('Expected return date cannot be before the checkout date');
  });

  it('when assignedTo is a well-formed id of nobody, then 400 names assignedTo and nothing is stored', async () => {
    const personName = `Nobody ${token()}`;
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ personName, assignedTo: crypto.randomUUID() }))
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });
    const { rowCount } = await t.database.pool.query(
      'SELECT 1 FROM loaner_equipment WHERE person_name = $1',
      [personName],
    );
    expect(rowCount).toBe(0);
  });

  it.each(['not-a-uuid', '', 42])('when assignedTo is %j, then 400 names assignedTo', async (value) => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ assignedTo: value }))
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['assignedTo']);
  });

  it.each([
    ['personName', 200],
    ['phone', 50],
    ['officeNumber', 50],
    ['notes', 5000],
  ])('when %s is longer than %i characters, then 400; at the limit, 201', async (field, max) => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ [field]: 'x'.repeat(max + 1) }))
      .expect(400);
    expect(res.body.fieldErrors[field][0]).toMatch(new RegExp(`at most ${max} characters`));
    await createLoaner({ [field]: 'x'.repeat(max) });
  });

  it('when a text field holds a NUL character, then 400 rather than a database error', async () => {
    const res = await signedIn.agent
      .post(URL)
      .send(validBody({ personName: 'Ada\u0000', notes: 'a\u0000b' }))
      .expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['notes', 'personName']);
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"laptop"'],
    ['broken JSON', '{"productType":'],
  ])('when the body is %s, then 400', async (_label, raw) => {
    await signedIn.agent.post(URL).set('Content-Type', 'application/json').send(raw).expect(400);
  });

  it('when there is no body at all, then 400', async () => {
    const res = await signedIn.agent.post(URL).expect(400);
    expect(res.body.fieldErrors['(body)']).toEqual(['The request body must be a JSON object']);
  });
});

describe('GET /api/loaner-equipment', () => {
  it('when records exist, then an array of whole records, each with isOverdue', async () => {
    const record = await createLoaner();
    const records = await list();
    const found = records.find((r) => r.id === record.id);
    expect(found).toEqual(record);
    for (const r of records) expect(Object.keys(r).sort()).toEqual(RECORD_KEYS);
  });

  describe('search', () => {
    it.each([
      ['person name', (k: string) => ({ personName: `Ada Lovelace ${k}` }), (k: string) => `LOVELACE ${k}`],
      ['phone', (k: string) => ({ phone: `+44 ${k}` }), (k: string) => `44 ${k.toUpperCase()}`],
      ['office number', (k: string) => ({ officeNumber: `Room-${k}` }), (k: string) => `rOOm-${k}`],
    ])(
      'when the term matches part of the %s in another case, then the record is found',
      async (_f, fields, term) => {
        const k = token();
        const match = await createLoaner(fields(k));
        const other = await createLoaner();
        const ids = (await list({ search: term(k) })).map((r) => r.id);
        expect(ids).toEqual([match.id]);
        expect(ids).not.toContain(other.id);
      },
    );

    it('when the term matches the product type in another case, then only records of that type match', async () => {
      const tablet = await createLoaner({ productType: 'tablet' });
      const laptop = await createLoaner({ productType: 'laptop' });
      const found = await list({ search: 'TaBl' });
      const ids = found.map((r) => r.id);
      expect(ids).toContain(tablet.id);
      expect(ids).not.toContain(laptop.id);
      for (const r of found)
        expect(`${r.productType} ${r.personName} ${r.phone} ${r.officeNumber}`.toLowerCase()).toContain(
          'tabl',
        );
    });

    it.each([
      ['%', '100% sure', '1000 sure'],
      ['_', 'a_b', 'axb'],
      ['\\', 'back\\slash', 'backslash'],
    ])('when the term contains %s, then it matches only literally', async (_char, literal, lookalike) => {
      const k = token();
      const match = await createLoaner({ personName: `${literal} ${k}` });
      const decoy = await createLoaner({ personName: `${lookalike} ${k}` });
      const ids = (await list({ search: `${literal} ${k}` })).map((r) => r.id);
      expect(ids).toEqual([match.id]);
      expect(ids).not.toContain(decoy.id);
    });

    it('when the term is only wildcard characters, then it matches nothing by accident', async () => {
      expect(await list({ search: '%_%' })).toEqual([]);
    });

    it('when the term has surrounding spaces, then they are ignored', async () => {
      const k = token();
      const match = await createLoaner({ officeNumber: `Trim-${k}` });
      expect((await list({ search: `  trim-${k}  ` })).map((r) => r.id)).toEqual([match.id]);
    });

    it('when nothing matches, then an empty array', async () => {
      expect(await list({ search: `no such thing ${token()}` })).toEqual([]);
    });

    it('when the search is empty, then every record is listed', async () => {
      const all = await list();
      expect(await list({ search: '' })).toHaveLength(all.length);
    });
  });

  describe('filters and order', () => {
    const office = `ORD-${token()}`;
    const records: Record<string, LoanerEquipmentRecord> = {};

    beforeAll(async () => {
      const make = async (name: string, checkout: number, expected: number, returned = false) => {
        records[name] = await createLoaner({
          personName: name,
          officeNumber: office,
          checkoutDate: await dayFromToday(checkout),
          expectedReturnDate: await dayFromToday(expected),
          ...(returned ? { actualReturnDate: await dayFromToday(0) } : {}),
        });
      };
      // Created in a scrambled order so that the answer's order comes from the server.
      await make('returnedOld', -30, -20, true);
      await make('activeOld', -10, 5);
      await make('overdueOld', -40, -30);
      await make('returnedNew', -5, -1, true);
      await make('activeNew', -2, 0);
      await make('overdueNew', -9, -1);
    });

    const names = (found: LoanerEquipmentRecord[]) => found.map((r) => r.personName);

    it('when listing, then overdue loans come first, then active, then returned, newest checkout first', async () => {
      const found = await list({ search: office });
      expect(names(found)).toEqual([
        'overdueNew',
        'overdueOld',
        'activeNew',
        'activeOld',
        'returnedNew',
        'returnedOld',
      ]);
      expect(found.map((r) => r.isOverdue)).toEqual([true, true, false, false, false, false]);
    });

    it('when a loan is due back today, then it is not overdue yet', () => {
      expect(records.activeNew).toMatchObject({ expectedReturnDate: today, isOverdue: false });
    });

    it('when isReturned=true, then only returned records', async () => {
      expect(names(await list({ search: office, isReturned: 'true' }))).toEqual([
        'returnedNew',
        'returnedOld',
      ]);
    });

    it('when isReturned=false, then only records still out, overdue first', async () => {
      expect(names(await list({ search: office, isReturned: 'false' }))).toEqual([
        'overdueNew',
        'overdueOld',
        'activeNew',
        'activeOld',
      ]);
    });

    it('when overdue=true, then only overdue records', async () => {
      expect(names(await list({ search: office, overdue: 'true' }))).toEqual(['overdueNew', 'overdueOld']);
    });

    it('when overdue=false, then every record that is not overdue', async () => {
      expect(names(await list({ search: office, overdue: 'false' }))).toEqual([
        'activeNew',
        'activeOld',
        'returnedNew',
        'returnedOld',
      ]);
    });

    it('when overdue=true and isReturned=true, then nothing (a returned loan is never overdue)', async () => {
      expect(await list({ search: office, overdue: 'true', isReturned: 'true' })).toEqual([]);
    });

    it('when a filter parameter is empty, then it is not applied', async () => {
      expect(await list({ search: office, isReturned: '', overdue: '' })).toHaveLength(6);
    });
  });

  it.each([
    ['isReturned', 'isReturned=yes'],
    ['isReturned', 'isReturned=TRUE'],
    ['isReturned', 'isReturned=1'],
    ['isReturned', 'isReturned=true&isReturned=false'],
    ['overdue', 'overdue=maybe'],
    ['search', 'search=a&search=b'],
    ['search', `search=${'x'.repeat(201)}`],
    ['search', 'search=%00'],
  ])('when the query has a bad %s (%s), then 400 names it', async (field, query) => {
    const res = await signedIn.agent.get(`${URL}?${query}`).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
  });

  it('when an unknown query parameter is given, then it is ignored', async () => {
    await signedIn.agent.get(`${URL}?page=2&sort=name`).expect(200);
  });
});

describe('PUT /api/loaner-equipment/:id', () => {
  it('when one field changes, then 200 with the record and every other field kept', async () => {
    const record = await createLoaner({ notes: 'keep me' });
    const res = await signedIn.agent.put(`${URL}/${record.id}`).send({ phone: ' 555-0199 ' }).expect(200);
    expect(res.body).toEqual({ ...record, phone: '555-0199', updatedAt: res.body.updatedAt });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(record.updatedAt).getTime(),
    );
  });

  it('when the edit form sends every field, then each is stored', async () => {
    const other = await signedInAgent(t.app);
    const record = await createLoaner();
    const edit = {
      productType: 'monitor',
      personName: 'Alan Turing',
      phone: '555-0123',
      officeNumber: 'C-1',
      checkoutDate: '2026-06-01',
      expectedReturnDate: '2026-06-30',
      assignedTo: other.user.id,
      notes: 'Second screen',
    };
    const res = await signedIn.agent.put(`${URL}/${record.id}`).send(edit).expect(200);
    expect(res.body).toMatchObject({ ...edit, isOverdue: true, isReturned: false });
  });

  it('when notes are cleared or assignedTo set to null, then both become null', async () => {
    const other = await signedInAgent(t.app);
    const record = await createLoaner({ assignedTo: other.user.id });
    const res = await signedIn.agent
      .put(`${URL}/${record.id}`)
      .send({ notes: '', assignedTo: null })
      .expect(200);
    expect(res.body).toMatchObject({ notes: null, assignedTo: null });
  });

  it('when the client sends id, createdBy or timestamps, then they are ignored', async () => {
    const other = await signedInAgent(t.app);
    const record = await createLoaner();
    const res = await signedIn.agent
      .put(`${URL}/${record.id}`)
      .send({ id: crypto.randomUUID(), createdBy: other.user.id, createdAt: '2000-01-01', phone: '1' })
      .expect(200);
    expect(res.body).toMatchObject({
      id: record.id,
      createdBy: signedIn.user.id,
      createdAt: record.createdAt,
    });
  });

  describe('Mark Returned and back', () => {
    it('when Mark Returned sends a date, then the record is returned on that date', async () => {
      const record = await createLoaner({ checkoutDate: '2026-01-05', expectedReturnDate: '2026-01-12' });
      expect(record.isOverdue).toBe(true);
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ isReturned: true, actualReturnDate: '2026-01-10' })
        .expect(200);
      expect(res.body).toMatchObject({ isReturned: true, actualReturnDate: '2026-01-10', isOverdue: false });
    });

    it('when isReturned is true without a date, then the actual return date is today', async () => {
      const record = await createLoaner();
      const res = await signedIn.agent.put(`${URL}/${record.id}`).send({ isReturned: true }).expect(200);
      expect(res.body).toMatchObject({ isReturned: true, actualReturnDate: today });
      expect(await storedRow(record.id)).toMatchObject({ is_returned: true, actual_return_date: today });
    });

    it('when a returned record is marked returned again without a date, then its date is kept', async () => {
      const record = await createLoaner({ actualReturnDate: '2026-01-02', checkoutDate: '2026-01-01' });
      const res = await signedIn.agent.put(`${URL}/${record.id}`).send({ isReturned: true }).expect(200);
      expect(res.body.actualReturnDate).toBe('2026-01-02');
    });

    it('when isReturned is false, then the actual return date is cleared', async () => {
      const record = await createLoaner({ actualReturnDate: today });
      const res = await signedIn.agent.put(`${URL}/${record.id}`).send({ isReturned: false }).expect(200);
      expect(res.body).toMatchObject({ isReturned: false, actualReturnDate: null });
    });

    it('when only an actual return date is sent, then the record is returned on it; null undoes that', async () => {
      const record = await createLoaner();
      const returned = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ actualReturnDate: today })
        .expect(200);
      expect(returned.body).toMatchObject({ isReturned: true, actualReturnDate: today });
      const reopened = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ actualReturnDate: null })
        .expect(200);
      expect(reopened.body).toMatchObject({ isReturned: false, actualReturnDate: null });
    });

    it('when isReturned is false but a return date is sent, then 400 names actualReturnDate', async () => {
      const record = await createLoaner();
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ isReturned: false, actualReturnDate: today })
        .expect(400);
      expect(res.body.fieldErrors).toEqual({
        actualReturnDate: [LOANER_MESSAGES.returnedDateWhileNotReturned],
      });
    });

    it.each([
      ['isReturned', 'true'],
      ['isReturned', 1],
      ['actualReturnDate', '2026-02-30'],
      ['actualReturnDate', '10/01/2026'],
    ])('when %s is %j, then 400 names it', async (field, value) => {
      const record = await createLoaner();
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ [field]: value })
        .expect(400);
      expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
    });
  });

  describe('date order against the stored record', () => {
    it('when only the expected return date moves before the stored checkout date, then 400 and no change', async () => {
      const record = await createLoaner({ checkoutDate: '2026-04-10', expectedReturnDate: '2026-04-20' });
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ expectedReturnDate: '2026-04-09' })
        .expect(400);
      expect(res.body.fieldErrors).toEqual({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });
      expect(await storedRow(record.id)).toMatchObject({ expected_return_date: '2026-04-20' });
    });

    it('when only the checkout date moves after the stored expected return date, then 400 and no change', async () => {
      const record = await createLoaner({ checkoutDate: '2026-04-10', expectedReturnDate: '2026-04-20' });
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ checkoutDate: '2026-04-21' })
        .expect(400);
      expect(res.body.fieldErrors).toEqual({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });
      expect(await storedRow(record.id)).toMatchObject({ checkout_date: '2026-04-10' });
    });

    it('when both dates are sent out of order, then 400', async () => {
      const record = await createLoaner();
      const res = await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ checkoutDate: '2026-04-21', expectedReturnDate: '2026-04-20' })
        .expect(400);
      expect(res.body.fieldErrors).toEqual({ expectedReturnDate: [LOANER_MESSAGES.returnBeforeCheckout] });
    });

    it('when both dates move together in order, then 200', async () => {
      const record = await createLoaner({ checkoutDate: '2026-04-10', expectedReturnDate: '2026-04-20' });
      await signedIn.agent
        .put(`${URL}/${record.id}`)
        .send({ checkoutDate: '2026-05-01', expectedReturnDate: '2026-05-01' })
        .expect(200);
    });
  });

  it.each([
    ['empty', {}],
    ['only unknown or read-only keys', { id: crypto.randomUUID(), createdAt: '2026-01-01', foo: 1 }],
  ])('when the body is %s, then 400', async (_label, body) => {
    const record = await createLoaner();
    const res = await signedIn.agent.put(`${URL}/${record.id}`).send(body).expect(400);
    expect(res.body.fieldErrors).toEqual({ '(body)': [LOANER_MESSAGES.emptyUpdate] });
  });

  it.each([
    ['productType', 'car'],
    ['personName', '   '],
    ['phone', null],
    ['officeNumber', 'x'.repeat(51)],
    ['checkoutDate', '2026-02-30'],
    ['expectedReturnDate', ''],
    ['notes', 5],
  ])('when %s is %j, then 400 names it', async (field, value) => {
    const record = await createLoaner();
    const res = await signedIn.agent
      .put(`${URL}/${record.id}`)
      .send({ [field]: value })
      .expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
  });

  it('when assignedTo is the id of nobody, then 400 names assignedTo and nothing changes', async () => {
    const record = await createLoaner();
    const res = await signedIn.agent
      .put(`${URL}/${record.id}`)
      .send({ assignedTo: crypto.randomUUID(), personName: 'Changed' })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ assignedTo: [LOANER_MESSAGES.unknownAssignee] });
    expect(await storedRow(record.id)).toMatchObject({ person_name: 'Grace Hopper' });
  });

  it('when the id is unknown, then 404', async () => {
    const res = await signedIn.agent.put(`${URL}/${crypto.randomUUID()}`).send({ phone: '1' }).expect(404);
    expect(res.body.message).toBe(LOANER_MESSAGES.notFound);
  });

  it('when the id is malformed, then 400 names id', async () => {
    const res = await signedIn.agent.put(`${URL}/not-a-uuid`).send({ phone: '1' }).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['id']);
  });
});

describe('DELETE /api/loaner-equipment/:id', () => {
  it('when the record exists, then 204 and it is gone; deleting again is 404', async () => {
    const record = await createLoaner();
    const res = await signedIn.agent.delete(`${URL}/${record.id}`).expect(204);
    expect(res.text).toBe('');
    expect(await storedRow(record.id)).toBeUndefined();
    expect((await list()).map((r) => r.id)).not.toContain(record.id);
    await signedIn.agent.delete(`${URL}/${record.id}`).expect(404);
    await signedIn.agent.put(`${URL}/${record.id}`).send({ phone: '1' }).expect(404);
  });

  it('when the id is unknown, then 404', async () => {
    await signedIn.agent.delete(`${URL}/${crypto.randomUUID()}`).expect(404);
  });

  it('when the id is malformed, then 400 names id', async () => {
    const res = await signedIn.agent.delete(`${URL}/123`).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual(['id']);
  });
});

describe('no input ever causes a 500', () => {
  const oddValues: unknown[] = [
    null,
    0,
    -1,
    1e308,
    true,
    [],
    ['laptop'],
    {},
    { $gt: '' },
    '',
    ' ',
    '\u0000',
    '\ud800',
    "'; DROP TABLE loaner_equipment; --",
    'x'.repeat(10_000),
    '2026-02-29',
    '-infinity',
  ];
  const fields = [
    'productType',
    'personName',
    'phone',
    'officeNumber',
    'checkoutDate',
    'expectedReturnDate',
    'actualReturnDate',
    'assignedTo',
    'notes',
    'isReturned',
  ];

  it('when any field of a create or an update holds an odd value, then the answer is 2xx or 400', async () => {
    const record = await createLoaner();
    for (const field of fields) {
      for (const value of oddValues) {
        const created = await signedIn.agent.post(URL).send(validBody({ [field]: value }));
        expect([201, 400], `POST ${field}=${JSON.stringify(value)}`).toContain(created.status);
        const updated = await signedIn.agent.put(`${URL}/${record.id}`).send({ [field]: value });
        expect([200, 400], `PUT ${field}=${JSON.stringify(value)}`).toContain(updated.status);
      }
    }
  });

  it('when the query holds odd values, then the answer is 200 or 400', async () => {
    const queries = [
      'search=%25',
      'search=%5C',
      'search=_',
      'search=%27',
      'search=%E2%80%8B',
      'search[a]=b',
      'isReturned[]=true',
      'overdue[x]=1',
      `search=${encodeURIComponent('\ud83d\ude00')}`,
    ];
    for (const query of queries) {
      const res = await signedIn.agent.get(`${URL}?${query}`);
      expect([200, 400], query).toContain(res.status);
    }
  });
});
