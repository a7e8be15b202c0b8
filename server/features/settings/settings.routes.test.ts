import { SETTING_KEYS } from '@shared/constants';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { maskToken } from '@shared/contracts/settings';
import { settings } from '@shared/schema';
import { FAKE_HARVEST_TOKEN, startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  FAKE_CREDENTIALS,
  createHarvestTestApp,
  saveFakeCredentials,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/support/harvest';
import { verifyPendingCredentials } from '../../harvest/harvest-verification';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let adminId: string;
let agent: TestAgent;

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url, {
    env: { HARVEST_USER_AGENT: 'Help Desk tests (qa@example.com)' },
  });
  ({ agent: admin, id: adminId } = await signIn(t.app));
  ({ agent } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  fake.controls.reset();
  await t.db.delete(settings);
});

const save = (as: TestAgent, value: unknown, key = 'harvest_credentials') =>
  as.post('/api/settings').send({ key, value });

const requestsTo = (path: string) => fake.controls.requests().filter((r) => r.path === path);

describe('GET /api/settings/harvest_credentials', () => {
  it('when nobody is signed in, then 401', async () => {
    await request(t.app).get('/api/settings/harvest_credentials').expect(401);
  });

  it('when nothing is saved, then 200 with configured false and empty values (never 404)', async () => {
    const res = await agent.get('/api/settings/harvest_credentials').expect(200);
    expect(res.body).toEqual({
      key: 'harvest_credentials',
      value: { accountId: '', accessToken: '' },
      configured: false,
      updatedAt: null,
      harvestUser: null,
      verification: null,
    });
  });

  it('when the key is unknown, then 400 naming the known keys', async () => {
    const res = await agent.get('/api/settings/smtp_password').expect(400);
    expect(res.body.fieldErrors.key).toEqual([
      `Unknown setting; the known keys are: ${SETTING_KEYS.join(', ')}`,
    ]);
  });

  it('when credentials are saved, then everyone signed in sees them with the token masked, never in full', async () => {
    await saveFakeCredentials(admin);
    for (const who of [admin, agent]) {
      const res = await who.get('/api/settings/harvest_credentials').expect(200);
      expect(res.body).toMatchObject({
        key: 'harvest_credentials',
        value: {
          accountId: FAKE_CREDENTIALS.accountId,
          accessToken: `••••••••${FAKE_HARVEST_TOKEN.slice(-4)}`,
        },
        configured: true,
        harvestUser: { id: 1001, name: 'Jordan Reyes', email: 'jordan.reyes@example.com' },
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(JSON.stringify(res.body)).not.toContain(FAKE_HARVEST_TOKEN);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('POST /api/settings', () => {
  it('when nobody is signed in, then 401', async () => {
    await request(t.app)
      .post('/api/settings')
      .send({ key: 'harvest_credentials', value: FAKE_CREDENTIALS })
      .expect(401);
  });

  it('when an agent saves credentials, then 403, Harvest is not asked and nothing is stored', async () => {
    const res = await save(agent, FAKE_CREDENTIALS).expect(403);
    expect(res.body.message).toBe('Only administrators may do this');
    expect(fake.controls.requests()).toHaveLength(0);
    expect(await t.db.select().from(settings)).toHaveLength(0);
  });

  it('when the key is unknown, then 400', async () => {
    const res = await save(admin, FAKE_CREDENTIALS, 'smtp_password').expect(400);
    expect(res.body.message).toContain('Unknown setting');
  });

  it.each([
    ['value.accountId', { accessToken: 'x-token' }, 'Account ID is required'],
    ['value.accessToken', { accountId: '123' }, 'Access token is required'],
    ['value.accountId', { accountId: 'abc', accessToken: 'x-token' }, 'Account ID must contain digits only'],
    ['value.accessToken', { accountId: '123', accessToken: '   ' }, 'Access token is required'],
    [
      'value.accessToken',
      { accountId: '123', accessToken: 'two words' },
      'Access token must not contain spaces',
    ],
  ])('when %s is bad (%j), then 400 naming it', async (field, value, message) => {
    const res = await save(admin, value).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    // Named by its label, not its key path (decision 120); the field's own message follows.
    expect(res.body.message).toContain(res.body.fieldErrors[field][0]);
    expect(fake.controls.requests()).toHaveLength(0);
  });

  it('when Harvest accepts them, then 200 verified with the Harvest user, and agents are matched to Harvest users by email', async () => {
    // An agent whose address is the token owner's (in other letter case) is matched to that user.
    const { id: jordanId } = await signIn(t.app, { email: 'Jordan.Reyes@Example.com' });
    const res = await save(admin, FAKE_CREDENTIALS).expect(200);
    expect(res.body).toEqual({
      success: true,
      message:
        'Settings saved successfully. Harvest accepted the credentials: connected as Jordan Reyes (jordan.reyes@example.com).',
      harvestUser: { id: 1001, name: 'Jordan Reyes', email: 'jordan.reyes@example.com' },
      verification: {
        status: 'verified',
        checkedAt: expect.any(String),
        lastVerifiedAt: expect.any(String),
        error: null,
      },
    });
    const [check] = requestsTo('/v2/users/me');
    expect(check?.headers).toMatchObject({
      authorization: `Bearer ${FAKE_HARVEST_TOKEN}`,
      'harvest-account-id': FAKE_CREDENTIALS.accountId,
      'user-agent': 'Help Desk tests (qa@example.com)',
    });
    const linked = await t.db.execute(
      sql`SELECT id, harvest_user_id::int AS harvest FROM users WHERE id IN (${adminId}, ${jordanId})`,
    );
    expect(new Map(linked.rows.map((row) => [row.id, row.harvest]))).toEqual(
      new Map([
        [adminId, null],
        [jordanId, 1001],
      ]),
    );
    await t.db.execute(sql`UPDATE users SET harvest_user_id = NULL`);
  });

  it('when it stores the token, then the settings row holds it only encrypted', async () => {
    await save(admin, FAKE_CREDENTIALS).expect(200);
    const { rows } = await t.db.execute<{ value: string }>(
      sql`SELECT value::text AS value FROM settings WHERE key = 'harvest_credentials'`,
    );
    const stored = rows[0]?.value ?? '';
    expect(stored).toContain(FAKE_CREDENTIALS.accountId);
    expect(stored).not.toContain(FAKE_HARVEST_TOKEN);
    expect(stored).not.toContain(Buffer.from(FAKE_HARVEST_TOKEN).toString('base64'));
    expect(stored).not.toContain(Buffer.from(FAKE_HARVEST_TOKEN).toString('base64url'));
    expect(stored).not.toContain(Buffer.from(FAKE_HARVEST_TOKEN).toString('hex'));
    expect(JSON.parse(stored).accessTokenSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('when Harvest answers 401, then they are saved all the same, and the answer and the card say Harvest rejected them', async () => {
    const res = await save(admin, {
      accountId: FAKE_CREDENTIALS.accountId,
      accessToken: 'revoked-token',
    }).expect(200);
    const reason = 'The access token provided is expired, revoked, malformed or invalid for other reasons.';
    expect(res.body).toMatchObject({
      success: true,
      message: `Settings saved successfully, but Harvest rejected these credentials: ${reason}`,
      harvestUser: null,
      verification: { status: 'rejected', error: reason, lastVerifiedAt: null },
    });
    const after = await admin.get('/api/settings/harvest_credentials').expect(200);
    expect(after.body).toMatchObject({
      configured: true,
      verification: { status: 'rejected', error: reason },
    });
  });

  it('when the account id does not match the token, then Harvest’s 401 is reported the same way', async () => {
    const res = await save(admin, { accountId: '999', accessToken: FAKE_HARVEST_TOKEN }).expect(200);
    expect(res.body.message).toMatch(
      /^Settings saved successfully, but Harvest rejected these credentials: /,
    );
  });

  it('when Harvest fails with 500, then they are saved unverified, and checked again until Harvest says yes', async () => {
    fake.controls.failWith(500, { times: 1 });
    const res = await save(admin, FAKE_CREDENTIALS).expect(200);
    expect(res.body).toMatchObject({
      harvestUser: null,
      verification: { status: 'unverified', error: expect.any(String), lastVerifiedAt: null },
    });
    expect(res.body.message).toMatch(
      /^Settings saved successfully\. Harvest could not be reached to check them/,
    );
    // The background check (harvest-verification.job.ts) runs this on its interval.
    await verifyPendingCredentials(t.db, t.harvest);
    const after = await admin.get('/api/settings/harvest_credentials').expect(200);
    expect(after.body).toMatchObject({
      harvestUser: { id: 1001 },
      verification: { status: 'verified', error: null, lastVerifiedAt: expect.any(String) },
    });
  });

  it('when Harvest rate-limits, then they are saved unverified, saying when Harvest may be asked again', async () => {
    fake.controls.failWith(429, { times: 1, retryAfterSeconds: 42 });
    const res = await save(admin, FAKE_CREDENTIALS).expect(200);
    expect(res.body.verification).toMatchObject({ status: 'unverified' });
    expect(res.body.message).toContain('trying again in 42 s');
  });

  it('when credentials saved earlier are changed with the masked token sent back, then the saved token is kept', async () => {
    await saveFakeCredentials(admin);
    const masked = maskToken(FAKE_HARVEST_TOKEN.slice(-4));
    await save(admin, { accountId: FAKE_CREDENTIALS.accountId, accessToken: masked }).expect(200);
    const [, recheck] = requestsTo('/v2/users/me');
    expect(recheck?.headers.authorization).toBe(`Bearer ${FAKE_HARVEST_TOKEN}`);
  });

  it('when a masked token does not match the saved one, then 400 asking for the full token', async () => {
    await saveFakeCredentials(admin);
    const res = await save(admin, { accountId: '1', accessToken: '••••••••zzzz' }).expect(400);
    expect(res.body.fieldErrors['value.accessToken']).toEqual([
      'Enter the full access token (the masked value is only shown for reference)',
    ]);
  });
});

describe('Harvest unreachable', () => {
  it('when nothing answers at HARVEST_BASE_URL, then the credentials are saved unverified and the card says Harvest could not be reached', async () => {
    const gone = await startFakeHarvest();
    await gone.stop();
    const offline = await createHarvestTestApp(gone.url);
    try {
      const { agent: firstAdmin } = await signIn(offline.app);
      const res = await save(firstAdmin, FAKE_CREDENTIALS).expect(200);
      expect(res.body.message).toBe(
        'Settings saved successfully. Harvest could not be reached to check them (Could not reach Harvest for GET /v2/users/me); they are checked again shortly.',
      );
      const after = await firstAdmin.get('/api/settings/harvest_credentials').expect(200);
      expect(after.body).toMatchObject({ configured: true, verification: { status: 'unverified' } });
    } finally {
      await offline.close();
    }
  });
});

describe('encryption at rest', () => {
  it('when the row was written with another encryption key, then the credentials count as not configured', async () => {
    await saveFakeCredentials(admin);
    const otherKey = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { ENCRYPTION_KEY: 'ab'.repeat(32) },
    });
    try {
      const { agent: reader } = await signIn(otherKey.app);
      const res = await reader.get('/api/settings/harvest_credentials').expect(200);
      expect(res.body).toMatchObject({ configured: false, value: { accountId: FAKE_CREDENTIALS.accountId } });
      expect((await otherKey.harvest.loadCredentials()).status).toBe('unreadable');
    } finally {
      await otherKey.close();
    }
  });

  it('when a row from the original app holds the token in clear, then it is used and sealed on first read', async () => {
    await t.db.insert(settings).values({ key: 'harvest_credentials', value: FAKE_CREDENTIALS });
    const res = await admin.get('/api/settings/harvest_credentials').expect(200);
    expect(res.body).toMatchObject({
      configured: true,
      value: { accessToken: `••••••••${FAKE_HARVEST_TOKEN.slice(-4)}` },
    });
    const { rows } = await t.db.execute<{ value: string }>(sql`SELECT value::text AS value FROM settings`);
    expect(rows[0]?.value).not.toContain(FAKE_HARVEST_TOKEN);
  });
});
