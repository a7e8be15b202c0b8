import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@shared/contracts/auth';
import { createTestApp, newUserInput, signedInAgent, type TestApp } from '../../test/test-app';

// Throttling is tested in auth-throttle.test.ts, session security in sessions.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BCRYPT_HASH = /\$2[aby]\$\d\d\$/;

describe('POST /api/register', () => {
  it('when the first account registers, then it is created as admin without exposing the hash', async () => {
    const input = newUserInput();
    const res = await request(t.app).post('/api/register').send(input).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      user: { email: input.email, firstName: 'Ada', lastName: input.lastName, role: 'admin' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(BCRYPT_HASH);
    expect(res.body.user).not.toHaveProperty('password');

    const second = await request(t.app).post('/api/register').send(newUserInput()).expect(201);
    expect(second.body.user.role).toBe('agent');
  });

  it('when it stores the password, then only a bcrypt hash is kept', async () => {
    const input = newUserInput();
    await request(t.app).post('/api/register').send(input).expect(201);
    const { rows } = await t.database.pool.query('SELECT password FROM users WHERE email = $1', [
      input.email,
    ]);
    expect(rows[0].password).toMatch(BCRYPT_HASH);
    expect(rows[0].password).not.toContain(input.password);
  });

  // The error names the field by its label, not its key; a spec message that names it stands alone.
  it.each([
    ['email', { email: 'not-an-email' }, 'Invalid email address', 'Email: Invalid email address'],
    [
      'password',
      { password: 'short' },
      'Password must be at least 8 characters',
      'Password must be at least 8 characters',
    ],
    ['firstName', { firstName: '' }, 'First name is required', 'First name is required'],
    ['lastName', { lastName: '   ' }, 'Last name is required', 'Last name is required'],
  ])(
    'when %s is bad, then 400 names the field and the spec message',
    async (field, override, message, error) => {
      const res = await request(t.app)
        .post('/api/register')
        .send({ ...newUserInput(), ...override })
        .expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.fieldErrors[field]).toContain(message);
      expect(res.body.error).toBe(error);
    },
  );

  it.each(['password', '12345678', 'aaaaaaaa', 'PassWord1', 'qwertyuiop'])(
    'when the password is a common one (%s), then 400 naming password, in any letter case, and no account',
    async (password) => {
      const input = newUserInput({ password });
      const res = await request(t.app).post('/api/register').send(input).expect(400);
      expect(res.body.fieldErrors).toEqual({ password: [AUTH_MESSAGES.commonPassword] });
      expect(res.body.error).toBe(`Password: ${AUTH_MESSAGES.commonPassword}`);
      const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [input.email]);
      expect(rows).toHaveLength(0);
    },
  );

  it('when a short password is also a common one, then only the spec’s length message is given', async () => {
    const res = await request(t.app)
      .post('/api/register')
      .send(newUserInput({ password: '123456' }))
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ password: ['Password must be at least 8 characters'] });
  });

  it('when the body is missing entirely, then 400 lists every required field', async () => {
    const res = await request(t.app).post('/api/register').send({}).expect(400);
    expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
  });

  it('when the email is taken (in any letter case), then 409 and no second account', async () => {
    const input = newUserInput();
    await request(t.app).post('/api/register').send(input).expect(201);
    const res = await request(t.app)
      .post('/api/register')
      .send({ ...input, email: input.email.toUpperCase() })
      .expect(409);
    expect(res.body.error).toBe('An account with this email already exists');
  });

  it('when the same email registers five times at once, then one account and four 409s, never a 500', async () => {
    const input = newUserInput();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => request(t.app).post('/api/register').send(input)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('when a password exceeds bcrypt’s 72 bytes, then 400 instead of silently truncating it', async () => {
    const res = await request(t.app)
      .post('/api/register')
      .send(newUserInput({ password: 'x'.repeat(73) }))
      .expect(400);
    expect(res.body.fieldErrors.password).toBeDefined();
  });
});

describe('first account becomes admin under concurrency', () => {
  it('when ten accounts register at once on an empty database, then exactly one is admin', async () => {
    const fresh = await createTestApp();
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => request(fresh.app).post('/api/register').send(newUserInput())),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(results.filter((r) => r.body.user.role === 'admin')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('POST /api/login', () => {
  it('when the credentials match, then success with the user and a session cookie', async () => {
    const input = newUserInput();
    await request(t.app).post('/api/register').send(input).expect(201);
    const agent = request.agent(t.app);
    const res = await agent
      .post('/api/login')
      .send({ email: input.email, password: input.password })
      .expect(200);
    expect(res.body).toMatchObject({ success: true, user: { email: input.email } });
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email: input.email, firstName: 'Ada', profileImageUrl: null });
    expect(JSON.stringify(me.body)).not.toMatch(BCRYPT_HASH);
  });

  it('when the email is typed in another letter case, then the account still signs in', async () => {
    const input = newUserInput();
    await request(t.app).post('/api/register').send(input).expect(201);
    await request(t.app)
      .post('/api/login')
      .send({ email: input.email.toUpperCase(), password: input.password })
      .expect(200);
  });

  it('when the email is unknown or the password wrong, then the same 401 message for both', async () => {
    const input = newUserInput();
    await request(t.app).post('/api/register').send(input).expect(201);
    const wrongPassword = await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: 'wrong password' })
      .expect(401);
    const unknownEmail = await request(t.app)
      .post('/api/login')
      .send({ email: 'nobody@example.com', password: 'whatever1' })
      .expect(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toMatchObject({ success: false, error: 'Invalid email or password' });
  });

  it.each([
    ['email', { email: 'nope', password: 'x' }, 'Invalid email address'],
    ['password', { email: 'a@example.com', password: '' }, 'Password is required'],
  ])('when %s is invalid, then 400 with the spec message', async (field, body, message) => {
    const res = await request(t.app).post('/api/login').send(body).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
  });
});

describe('GET /api/auth/user', () => {
  it('when nobody is signed in, then 401 with a body that reads "Unauthorized"', async () => {
    const res = await request(t.app).get('/api/auth/user').expect(401);
    expect(res.body.message).toBe('Unauthorized');
  });

  it('when the session cookie is forged, then 401', async () => {
    await request(t.app).get('/api/auth/user').set('Cookie', 'helpdesk.sid=s%3Aforged.signature').expect(401);
  });
});

describe('POST /api/logout', () => {
  it('when a signed-in user signs out, then they are signed out and the browser goes to /logout', async () => {
    const { agent } = await signedInAgent(t.app);
    const res = await agent.post('/api/logout').type('form').send('').expect(303);
    expect(res.headers.location).toBe('/logout');
    await agent.get('/api/auth/user').expect(401);
  });

  it('when nobody is signed in, then it still goes to /logout', async () => {
    const res = await request(t.app).post('/api/logout').expect(303);
    expect(res.headers.location).toBe('/logout');
  });
});

describe('GET /api/login', () => {
  it('sends the browser to the sign-in page', async () => {
    const res = await request(t.app).get('/api/login').expect(302);
    expect(res.headers.location).toBe('/signin');
  });
});

describe('POST /api/auth/change-password', () => {
  it('when nobody is signed in, then 401', async () => {
    await request(t.app)
      .post('/api/auth/change-password')
      .send({ currentPassword: 'x', newPassword: 'long enough' })
      .expect(401);
  });

  it.each([
    ['currentPassword', { currentPassword: '', newPassword: 'long enough' }, 'Current password is required'],
    [
      'newPassword',
      { currentPassword: 'x', newPassword: 'short' },
      'New password must be at least 8 characters',
    ],
  ])('when %s is invalid, then 400 with the spec message', async (field, body, message) => {
    const { agent } = await signedInAgent(t.app);
    const res = await agent.post('/api/auth/change-password').send(body).expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
  });

  it('when the new password is a common one, then 400 naming newPassword and the password is unchanged', async () => {
    const { agent, input } = await signedInAgent(t.app);
    const res = await agent
      .post('/api/auth/change-password')
      .send({ currentPassword: input.password, newPassword: 'Password123' })
      .expect(400);
    expect(res.body.fieldErrors).toEqual({ newPassword: [AUTH_MESSAGES.commonPassword] });
    await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: input.password })
      .expect(200);
  });

  it('when the current password is wrong, then 400 and the password is unchanged', async () => {
    const { agent, input } = await signedInAgent(t.app);
    const res = await agent
      .post('/api/auth/change-password')
      .send({ currentPassword: 'not my password', newPassword: 'brand new password' })
      .expect(400);
    expect(res.body.error).toBe('Current password is incorrect');
    await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: input.password })
      .expect(200);
  });

  it('when it succeeds, then the new password works and the old does not', async () => {
    const { agent, input } = await signedInAgent(t.app);
    const res = await agent
      .post('/api/auth/change-password')
      .send({ currentPassword: input.password, newPassword: 'brand new password' })
      .expect(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed successfully' });

    await agent.get('/api/auth/user').expect(200);
    await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: input.password })
      .expect(401);
    await request(t.app)
      .post('/api/login')
      .send({ email: input.email, password: 'brand new password' })
      .expect(200);
  });
});

describe('cross-site request protection', () => {
  it('when a write comes from another origin, then 403', async () => {
    const res = await request(t.app)
      .post('/api/register')
      .set('Origin', 'https://evil.example')
      .send(newUserInput())
      .expect(403);
    expect(res.body.error).toBe('Cross-origin request refused');
  });

  it('when the browser marks a write as cross-site, then 403', async () => {
    await request(t.app).post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
  });

  it('when a write comes from the app’s own origin, then it goes through', async () => {
    await request(t.app)
      .post('/api/register')
      .set('Host', 'helpdesk.example.com')
      .set('Origin', 'http://helpdesk.example.com')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(newUserInput())
      .expect(201);
  });
});

describe('malformed requests', () => {
  it('when the JSON is broken, then 400 with a readable message', async () => {
    const res = await request(t.app)
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(res.body.error).toBe('The request body is not valid JSON');
  });

  it('when the body is too large, then 413', async () => {
    await request(t.app)
      .post('/api/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(2_000_000) })
      .expect(413);
  });

  it('when the API route does not exist, then a JSON 404', async () => {
    const res = await request(t.app).get('/api/nope').expect(404);
    expect(res.body.error).toMatch(/No API route/);
  });
});
