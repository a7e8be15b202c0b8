/**
 * The loans setting (issue 42), as the portal setting is served: GET /api/settings/loans for everyone
 * signed in (both off until saved), POST /api/settings {key: "loans"} for admins only, a bad value a
 * 400 naming its field.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAN_SETTINGS } from '@shared/contracts/loan-settings';
import { createTestApp, signedInAdminAndAgent, type SignedInUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: SignedInUser;
let agent: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, agent } = await signedInAdminAndAgent(t.app));
});
afterAll(() => t.close());

const save = (as: SignedInUser, value: unknown) =>
  as.agent.post('/api/settings').send({ key: 'loans', value });

describe('the loans setting', () => {
  it('when nothing is saved, then both are off and updatedAt is null, for an agent too', async () => {
    await request(t.app).get('/api/settings/loans').expect(401);
    const res = await agent.agent.get('/api/settings/loans').expect(200);
    expect(res.body).toEqual({ key: 'loans', value: DEFAULT_LOAN_SETTINGS, updatedAt: null });
    expect(DEFAULT_LOAN_SETTINGS).toEqual({ reopenWhenOverdue: false, remindRequester: false });
  });

  it('when an agent saves it, then 403 and nothing changes', async () => {
    await save(agent, { reopenWhenOverdue: true, remindRequester: true }).expect(403);
    expect((await agent.agent.get('/api/settings/loans').expect(200)).body.updatedAt).toBeNull();
  });

  it('when a value is not true or false, or is missing, then 400 naming the field', async () => {
    const wrong = await save(admin, { reopenWhenOverdue: 'yes', remindRequester: false }).expect(400);
    expect(wrong.body.fieldErrors).toEqual({
      'value.reopenWhenOverdue': ['reopenWhenOverdue must be true or false'],
    });
    const missing = await save(admin, { reopenWhenOverdue: true }).expect(400);
    expect(missing.body.fieldErrors).toEqual({
      'value.remindRequester': ['remindRequester must be true or false'],
    });
    expect((await admin.agent.get('/api/settings/loans').expect(200)).body.updatedAt).toBeNull();
  });

  it('when an admin saves it, then everyone reads it back with when it was saved', async () => {
    const saved = await save(admin, { reopenWhenOverdue: true, remindRequester: false }).expect(200);
    expect(saved.body).toEqual({ success: true, message: 'Settings saved successfully' });
    const res = await agent.agent.get('/api/settings/loans').expect(200);
    expect(res.body).toMatchObject({
      key: 'loans',
      value: { reopenWhenOverdue: true, remindRequester: false },
    });
    expect(Date.parse(res.body.updatedAt)).not.toBeNaN();
  });
});
