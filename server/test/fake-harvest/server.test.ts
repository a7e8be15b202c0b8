import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_LOCKED_REASON,
  FAKE_HARVEST_REFUSAL,
  FAKE_HARVEST_TOKEN,
  FAKE_HARVEST_USER_IDS,
  FAKE_HARVEST_VALIDATION,
  startFakeHarvest,
  type FakeHarvest,
} from './server';

const INVALID_TOKEN = {
  error: 'invalid_token',
  error_description: 'The access token provided is expired, revoked, malformed or invalid for other reasons.',
};

const HEADERS: Record<string, string> = {
  Authorization: `Bearer ${FAKE_HARVEST_TOKEN}`,
  'Harvest-Account-Id': FAKE_HARVEST_ACCOUNT_ID,
  'User-Agent': 'Fake Harvest tests (qa@example.com)',
};

let fake: FakeHarvest;
let origin: string;

beforeAll(async () => {
  fake = await startFakeHarvest({
    perPage: 2,
    credentials: [
      { accountId: FAKE_HARVEST_ACCOUNT_ID, token: FAKE_HARVEST_TOKEN },
      { accountId: '7654321', token: 'second-token' },
    ],
  });
  origin = new URL(fake.url).origin;
});
afterAll(() => fake.stop());
beforeEach(() => fake.controls.reset());

interface CallOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Header names to leave out of the defaults. */
  without?: string[];
}

async function call(path: string, { method = 'GET', body, headers = {}, without = [] }: CallOptions = {}) {
  const sent: Record<string, string> = { ...HEADERS, ...headers };
  for (const name of without) delete sent[name];
  if (body !== undefined && !('Content-Type' in sent)) sent['Content-Type'] = 'application/json';
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: sent,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    text,
    // Typed loosely on purpose: the tests compare it with toMatchObject/toEqual.
    json: contentType.startsWith('application/json')
      ? (JSON.parse(text) as Record<string, unknown>)
      : undefined,
  };
}

/** fetch always adds a User-Agent of its own; node:http sends only the headers given. */
function statusWithoutUserAgent(path: string): Promise<number> {
  const { 'User-Agent': _userAgent, ...headers } = HEADERS;
  return new Promise((resolve, reject) => {
    httpRequest(`${origin}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

const FORBIDDEN = { status: 403, error: 'Forbidden' };
const NOT_FOUND = { status: 404, error: 'Not Found' };
const { administrator, member, manager, secondMember, archivedMember } = FAKE_HARVEST_USER_IDS;

/** Follows links.next from `path` and answers every item under `key`, as the help desk's client does. */
async function allPages(path: string, key: string): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let next: string | null = path;
  while (next !== null) {
    const res = await call(next);
    expect(res.status).toBe(200);
    items.push(...(res.json?.[key] as Array<Record<string, unknown>>));
    const link = (res.json?.links as { next: string | null }).next;
    next = link === null ? null : new URL(link).pathname + new URL(link).search;
  }
  return items;
}

const control = (body: unknown) =>
  fetch(`${origin}/__control`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('headers', () => {
  it('when all three headers are right, then the current user answers', async () => {
    const res = await call('/v2/users/me');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: 1001,
      first_name: 'Jordan',
      last_name: 'Reyes',
      email: 'jordan.reyes@example.com',
      access_roles: ['administrator'],
    });
  });

  it('when the User-Agent is missing, then 400', async () => {
    expect(await statusWithoutUserAgent('/v2/users/me')).toBe(400);
  });

  it.each([
    ['the token is missing', { without: ['Authorization'] }],
    ['the token is wrong', { headers: { Authorization: 'Bearer nope' } }],
    ['the scheme is not Bearer', { headers: { Authorization: `Basic ${FAKE_HARVEST_TOKEN}` } }],
    ['the account id is missing', { without: ['Harvest-Account-Id'] }],
    ['the token belongs to another account', { headers: { 'Harvest-Account-Id': '7654321' } }],
  ])('when %s, then 401 invalid_token with WWW-Authenticate', async (_case, options) => {
    const res = await call('/v2/users/me', options);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(INVALID_TOKEN);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+", error="invalid_token"/);
  });

  it('when another configured pair is used, then it is accepted', async () => {
    const res = await call('/v2/users/me', {
      headers: { Authorization: 'Bearer second-token', 'Harvest-Account-Id': '7654321' },
    });
    expect(res.status).toBe(200);
  });
});

describe('seed data and catalog', () => {
  it('when an administrator lists projects and tasks, then the spec’s names exist with their ids', async () => {
    const projects = await call('/v2/projects?per_page=100');
    const tasks = await call('/v2/tasks?per_page=100');
    expect(projects.json?.projects).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 1, name: 'Administrative' }),
        expect.objectContaining({ id: 2, name: 'Project' }),
        expect.objectContaining({
          id: 3,
          name: 'Support',
          client: { id: 501, name: 'Internal IT', currency: 'USD' },
        }),
      ]),
    );
    expect((projects.json?.projects as unknown[]).length).toBeGreaterThan(3);
    expect(tasks.json?.tasks).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 1, name: 'Heat Tickets' })]),
    );
  });

  it('when task assignments are listed, then each names its project and task', async () => {
    const res = await call('/v2/projects/3/task_assignments?per_page=100');
    expect(res.json?.task_assignments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          billable: true,
          is_active: true,
          project: { id: 3, name: 'Support', code: 'SUP' },
          task: { id: 1, name: 'Heat Tickets' },
        }),
      ]),
    );
    expect((await call('/v2/projects/99/task_assignments')).json).toEqual({
      status: 404,
      error: 'Not Found',
    });
  });

  it('when a member lists their project assignments, then nested task assignments carry no project key', async () => {
    fake.controls.setRole('member');
    const res = await call('/v2/users/me/project_assignments?per_page=100');
    expect(res.status).toBe(200);
    const [first] = res.json?.project_assignments as Array<Record<string, unknown>>;
    expect(first).toMatchObject({
      project: { id: 4, name: 'Network Refresh', code: 'NET' },
      client: { id: 502 },
    });
    const nested = first?.task_assignments as Array<Record<string, unknown>>;
    expect(nested[0]).toMatchObject({ task: { id: 1, name: 'Heat Tickets' } });
    expect(nested[0]).not.toHaveProperty('project');
  });

  it.each(['/v2/projects', '/v2/tasks', '/v2/projects/1/task_assignments'])(
    'when a member calls %s, then 403',
    async (path) => {
      fake.controls.setRole('member');
      expect((await call(path)).status).toBe(403);
    },
  );
});

describe('pagination', () => {
  it('when a list is longer than a page, then the envelope and full-URL links describe it', async () => {
    const res = await call('/v2/projects?is_active=true&page=2');
    expect(res.json).toMatchObject({
      per_page: 2,
      total_pages: 2,
      total_entries: 4,
      page: 2,
      next_page: null,
      previous_page: 1,
      links: {
        first: `${origin}/v2/projects?is_active=true&page=1&per_page=2`,
        next: null,
        previous: `${origin}/v2/projects?is_active=true&page=1&per_page=2`,
        last: `${origin}/v2/projects?is_active=true&page=2&per_page=2`,
      },
    });
    expect(res.json?.projects).toHaveLength(2);
  });

  it('when per_page is above 2000, then 422', async () => {
    const res = await call('/v2/time_entries?per_page=2001');
    expect(res.status).toBe(422);
    expect(res.json).toHaveProperty('message');
    expect((await call('/v2/time_entries?per_page=2000')).status).toBe(200);
  });

  it('when cursor paging is on, then page numbers are null and links.next carries a cursor', async () => {
    fake.controls.setPaginationStyle('cursor');
    const first = await call('/v2/time_entries');
    expect(first.json).toMatchObject({ page: null, next_page: null, total_entries: 4 });
    const next = (first.json?.links as { next: string }).next;
    expect(next).toMatch(/\?cursor=[\w-]+&per_page=2&ref=next_cursor$/);
    const second = await call(new URL(next).pathname + new URL(next).search);
    expect((second.json?.links as { next: string | null }).next).toBeNull();
    expect(second.json?.time_entries).toHaveLength(2);
  });
});

describe('time entries', () => {
  const valid = { project_id: 3, task_id: 1, spent_date: '2026-11-20', hours: 1.5, notes: 'Ticket #1051' };

  it('when a valid entry is posted, then 201 with the full entry, stored', async () => {
    const res = await call('/v2/time_entries', { method: 'POST', body: valid });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      spent_date: '2026-11-20',
      hours: 1.5,
      hours_without_timer: 1.5,
      rounded_hours: 1.5,
      notes: 'Ticket #1051',
      is_locked: false,
      is_running: false,
      timer_started_at: null,
      user: { id: 1001, name: 'Jordan Reyes' },
      client: { id: 501, name: 'Internal IT', currency: 'USD' },
      project: { id: 3, name: 'Support', code: 'SUP' },
      task: { id: 1, name: 'Heat Tickets' },
      external_reference: null,
    });
    expect(res.json?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(fake.state.timeEntries.some((entry) => entry.id === res.json?.id)).toBe(true);
  });

  it('when the spec’s default ids (project 1, task 1) are posted, then they are accepted', async () => {
    const res = await call('/v2/time_entries', { method: 'POST', body: { ...valid, project_id: 1 } });
    expect(res.status).toBe(201);
  });

  it('when project, task and date are missing, then 422 names them all in one message', async () => {
    const res = await call('/v2/time_entries', { method: 'POST', body: { hours: 1 } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: "Project can't be blank, Task can't be blank, Spent date is not a valid date",
    });
  });

  it('when the body is not declared as JSON, then Harvest reads no fields', async () => {
    const res = await call('/v2/time_entries', {
      method: 'POST',
      body: valid,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(422);
  });

  it.each([
    [{ hours: 25 }, 'Hours must be less than or equal to 24'],
    [{ hours: 'many' }, 'Hours is not a number'],
    [{ project_id: 5 }, 'Project is not valid'],
    [{ task_id: 6 }, 'Task is not valid for this project'],
  ])('when %o is posted, then 422 "%s"', async (override, message) => {
    const res = await call('/v2/time_entries', { method: 'POST', body: { ...valid, ...override } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message });
  });

  it('when hours are omitted, then a timer starts, as Harvest does', async () => {
    const { hours: _hours, ...withoutHours } = valid;
    const res = await call('/v2/time_entries', { method: 'POST', body: withoutHours });
    expect(res.json).toMatchObject({ hours: 0, is_running: true });
  });

  it('when an entry is patched, then only the sent fields change', async () => {
    const res = await call('/v2/time_entries/900002', { method: 'PATCH', body: { hours: 1 } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: 900002,
      hours: 1,
      notes: 'Weekly team meeting',
      spent_date: '2026-11-17',
    });
    const bad = await call('/v2/time_entries/900002', { method: 'PATCH', body: { spent_date: 'tomorrow' } });
    expect(bad.json).toEqual({ message: 'Spent date is not a valid date' });
  });

  it('when an entry is deleted, then 200 and it is gone', async () => {
    expect((await call('/v2/time_entries/900002', { method: 'DELETE' })).status).toBe(200);
    expect((await call('/v2/time_entries/900002')).json).toEqual({ status: 404, error: 'Not Found' });
  });

  it.each([
    ['PATCH', '/v2/time_entries/12345'],
    ['DELETE', '/v2/time_entries/12345'],
    ['GET', '/v2/time_entries/not-a-number'],
  ])('when %s %s names no entry, then the JSON 404', async (method, path) => {
    const res = await call(path, { method, body: method === 'PATCH' ? { hours: 1 } : undefined });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ status: 404, error: 'Not Found' });
  });

  it('when a member lists or changes entries, then only their own are visible and locked ones stay', async () => {
    fake.controls.setRole('member');
    const list = await call('/v2/time_entries?per_page=100');
    const ids = (list.json?.time_entries as Array<{ id: number }>).map((entry) => entry.id);
    expect(ids).toEqual([900002, 900001, 900004]);
    expect((await call('/v2/time_entries/900003', { method: 'DELETE' })).status).toBe(404);
    expect((await call('/v2/time_entries/900004', { method: 'DELETE' })).status).toBe(403);
    expect(
      (await call('/v2/time_entries', { method: 'POST', body: { ...valid, user_id: 1002 } })).status,
    ).toBe(403);
  });

  it('when time entries are filtered, then from/to are inclusive', async () => {
    const res = await call('/v2/time_entries?from=2026-11-16&to=2026-11-17&per_page=100');
    expect((res.json?.time_entries as Array<{ id: number }>).map((entry) => entry.id)).toEqual([
      900002, 900001,
    ]);
  });
});

describe('users', () => {
  it('when an administrator lists users, then every seeded user, newest first, a page at a time with links', async () => {
    const first = await call('/v2/users');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      per_page: 2,
      total_pages: 3,
      total_entries: 5,
      page: 1,
      next_page: 2,
      previous_page: null,
      links: {
        first: `${origin}/v2/users?page=1&per_page=2`,
        next: `${origin}/v2/users?page=2&per_page=2`,
        previous: null,
        last: `${origin}/v2/users?page=3&per_page=2`,
      },
    });
    const users = await allPages('/v2/users', 'users');
    expect(users.map((user) => user.id)).toEqual([
      archivedMember,
      secondMember,
      manager,
      member,
      administrator,
    ]);
    expect(new Set(users.map((user) => user.email)).size).toBe(5);
  });

  it('when users are listed, then each is rendered like /v2/users/me', async () => {
    const users = await allPages('/v2/users?per_page=100', 'users');
    const me = (await call('/v2/users/me')).json;
    expect(users.find((user) => user.id === administrator)).toEqual(me);
    expect(users.find((user) => user.id === manager)).toMatchObject({
      first_name: 'Priya',
      last_name: 'Shah',
      email: 'priya.shah@example.com',
      is_active: true,
      access_roles: ['manager'],
      timezone: 'Eastern Time (US & Canada)',
      avatar_url: expect.any(String),
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
  });

  it('when a manager lists users with is_active, then only the active or only the archived ones', async () => {
    fake.controls.setRole('manager');
    const active = await allPages('/v2/users?is_active=true', 'users');
    expect(active.map((user) => user.id)).toEqual([secondMember, manager, member, administrator]);
    const archived = await call('/v2/users?is_active=false');
    expect(archived.json).toMatchObject({
      total_entries: 1,
      users: [{ id: archivedMember, email: 'morgan.lee@example.com', is_active: false }],
    });
  });

  it('when cursor paging is on, then the users list hands out cursor links too', async () => {
    fake.controls.setPaginationStyle('cursor');
    const first = await call('/v2/users');
    expect(first.json).toMatchObject({ page: null, next_page: null, total_entries: 5 });
    expect((first.json?.links as { next: string }).next).toMatch(
      /[?&]cursor=[\w-]+&per_page=2&ref=next_cursor$/,
    );
    expect(await allPages('/v2/users', 'users')).toHaveLength(5);
  });

  it.each(['/v2/users', '/v2/users?is_active=true', `/v2/users/${member}`])(
    'when a member calls %s, then 403 Forbidden',
    async (path) => {
      fake.controls.actAs(member);
      const res = await call(path);
      expect(res.status).toBe(403);
      expect(res.json).toEqual(FORBIDDEN);
    },
  );

  it('when one user is asked for by id, then that user; an unknown id 404', async () => {
    expect((await call(`/v2/users/${secondMember}`)).json).toMatchObject({
      id: secondMember,
      email: 'alex.kim@example.com',
      access_roles: ['member'],
    });
    const unknown = await call('/v2/users/999999');
    expect([unknown.status, unknown.json]).toEqual([404, NOT_FOUND]);
  });
});

describe('whose token it is', () => {
  it('when acting as another user, then /v2/users/me is theirs, and reset makes it the administrator’s again', async () => {
    fake.controls.actAs(member);
    expect((await call('/v2/users/me')).json).toMatchObject({
      id: member,
      email: 'sam.okafor@example.com',
      access_roles: ['member'],
    });
    expect(fake.controls.role).toBe('member');
    fake.controls.reset();
    expect((await call('/v2/users/me')).json).toMatchObject({ id: administrator });
  });

  it('when told {actAs, role} over HTTP, then that user with that role, and the snapshot says so', async () => {
    const res = await control({ actAs: secondMember, role: 'manager' });
    expect(await res.json()).toMatchObject({ currentUserId: secondMember, role: 'manager' });
    expect((await call('/v2/users/me')).json).toMatchObject({ id: secondMember, access_roles: ['manager'] });
    expect((await call('/v2/users')).status).toBe(200);
  });

  it('when told to act as or lock something that does not exist, then 400 and nothing changes', async () => {
    const res = await control({ role: 'member', actAs: 424242 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'actAs: the fake Harvest has no user 424242' });
    expect((await control({ lockEntry: 12345 })).status).toBe(400);
    expect((await control({ lockedAs: 'invoiced' })).status).toBe(400);
    expect(fake.controls.snapshot()).toMatchObject({ currentUserId: administrator, role: 'administrator' });
    expect(() => fake.controls.actAs(424242)).toThrow(RangeError);
  });
});

describe('time entries under other users', () => {
  const valid = { project_id: 3, task_id: 1, spent_date: '2026-11-20', hours: 1.5, notes: 'Ticket #1051' };
  const post = (body: Record<string, unknown>) => call('/v2/time_entries', { method: 'POST', body });

  it('when there is no user_id, then the entry is the token owner’s', async () => {
    fake.controls.actAs(secondMember);
    expect((await post(valid)).json).toMatchObject({ user: { id: secondMember, name: 'Alex Kim' } });
  });

  it('when an administrator names an active user, then the entry is theirs', async () => {
    const res = await post({ ...valid, user_id: member });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ user: { id: member, name: 'Sam Okafor' } });
    expect(fake.state.timeEntries.at(-1)).toMatchObject({ user_id: member });
  });

  it('when a manager names anyone, then the entry is theirs (the fake’s managers manage everyone)', async () => {
    fake.controls.actAs(manager);
    const res = await post({ ...valid, user_id: secondMember });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ user: { id: secondMember } });
  });

  it('when a member names someone else, then 403 saying they can only track their own time', async () => {
    fake.controls.actAs(member);
    const res = await post({ ...valid, user_id: secondMember });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ ...FORBIDDEN, message: FAKE_HARVEST_REFUSAL.otherUsersTime });
    expect(res.json?.message).toBe('You can only track time for yourself');
    // Refused before the id is looked up: a member cannot tell real users from unknown ones.
    expect((await post({ ...valid, user_id: 999999 })).status).toBe(403);
    expect((await post({ ...valid, user_id: member })).status).toBe(201);
  });

  it.each([
    ['an unknown user', 999999],
    ['an archived user', archivedMember],
    ['not a user id', 'sam'],
  ])('when an administrator names %s, then 422 "User is not valid"', async (_case, userId) => {
    const res = await post({ ...valid, user_id: userId });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ message: FAKE_HARVEST_VALIDATION.userInvalid });
    expect(FAKE_HARVEST_VALIDATION.userInvalid).toBe('User is not valid');
  });

  it('when the named user is not assigned to the project, then 422 "Project is not valid"', async () => {
    const res = await post({ ...valid, project_id: 4, user_id: member });
    expect([res.status, res.json]).toEqual([422, { message: 'Project is not valid' }]);
  });

  it('when entries are listed, then user_id and external_reference_id filter, and members still see only their own', async () => {
    await post({ ...valid, user_id: member, external_reference: { id: 'ticket-77' } });
    const bySam = await call(`/v2/time_entries?user_id=${member}&per_page=100`);
    expect((bySam.json?.time_entries as Array<{ id: number }>).map((entry) => entry.id)).toEqual([
      900005, 900003,
    ]);
    const byReference = await call('/v2/time_entries?external_reference_id=ticket-77');
    expect(byReference.json).toMatchObject({
      total_entries: 1,
      time_entries: [{ id: 900005, external_reference: { id: 'ticket-77' } }],
    });
    fake.controls.actAs(member);
    const othersAsked = await call(`/v2/time_entries?user_id=${administrator}`);
    expect(othersAsked.json).toMatchObject({ total_entries: 0, time_entries: [] });
    fake.controls.actAs(manager);
    expect((await call('/v2/time_entries?per_page=100')).json?.total_entries).toBe(5);
  });
});

describe('correcting time entries', () => {
  const patch = (id: number, body: Record<string, unknown>) =>
    call(`/v2/time_entries/${id}`, { method: 'PATCH', body });
  const remove = (id: number) => call(`/v2/time_entries/${id}`, { method: 'DELETE' });
  const stored = (id: number) => fake.state.timeEntries.find((entry) => entry.id === id);

  it('when fields are patched, then only those change and updated_at moves; user_id is ignored', async () => {
    const before = { ...stored(900001) };
    const res = await patch(900001, {
      notes: 'Ticket #1042: reset VPN token and MFA',
      task_id: 4,
      external_reference: { id: 'ticket-1042', permalink: 'https://helpdesk.example.com/tickets/1042' },
      user_id: member,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: 900001,
      notes: 'Ticket #1042: reset VPN token and MFA',
      task: { id: 4, name: 'Hardware Setup' },
      external_reference: { id: 'ticket-1042', permalink: 'https://helpdesk.example.com/tickets/1042' },
      hours: 1.5,
      spent_date: '2026-11-16',
      project: { id: 3 },
      user: { id: administrator },
    });
    expect(stored(900001)?.updated_at).not.toBe(before.updated_at);
  });

  it('when a patch is invalid, then 422 with every problem and nothing changes', async () => {
    const res = await patch(900001, { hours: -1, spent_date: '2026-13-01', project_id: null });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message:
        "Project can't be blank, Spent date is not a valid date, Hours must be greater than or equal to 0",
    });
    expect(await patch(900001, { project_id: 5 })).toMatchObject({
      status: 422,
      json: { message: 'Project is not valid' },
    });
    expect(await patch(900001, { task_id: 7 })).toMatchObject({
      status: 422,
      json: { message: 'Task is not valid for this project' },
    });
    expect(stored(900001)).toMatchObject({ hours: 1.5, spent_date: '2026-11-16', project_id: 3, task_id: 1 });
  });

  it('when an entry is deleted, then 200 with no body, and it is gone from reads and lists', async () => {
    const res = await remove(900001);
    expect([res.status, res.text]).toEqual([200, '']);
    expect((await call('/v2/time_entries/900001')).status).toBe(404);
    expect(stored(900001)).toBeUndefined();
    expect((await remove(900001)).status).toBe(404);
  });

  it('when a member touches someone else’s entry, then 404 as if it did not exist, and it stays', async () => {
    fake.controls.actAs(member);
    for (const res of [
      await call('/v2/time_entries/900001'),
      await patch(900001, { hours: 9 }),
      await remove(900001),
    ]) {
      expect([res.status, res.json]).toEqual([404, NOT_FOUND]);
    }
    expect(stored(900001)).toMatchObject({ hours: 1.5 });
    expect((await patch(900003, { hours: 2.5 })).json).toMatchObject({ hours: 2.5, user: { id: member } });
    expect((await remove(900003)).status).toBe(200);
  });

  it('when a manager corrects someone else’s entry, then it is allowed (the fake’s managers manage everyone)', async () => {
    fake.controls.actAs(manager);
    expect((await patch(900003, { notes: 'Loaner laptop, imaged' })).status).toBe(200);
    expect((await remove(900003)).status).toBe(200);
  });

  it('when an entry is locked, then its member owner and a manager get 403 "Entry is locked" for both PATCH and DELETE', async () => {
    fake.controls.lockEntry(900003);
    const message = FAKE_HARVEST_REFUSAL.locked(FAKE_HARVEST_LOCKED_REASON.approved);
    expect(message).toBe('Entry is locked: Item Approved and Locked for this Time Period');
    for (const userId of [member, manager]) {
      fake.controls.actAs(userId);
      for (const res of [await patch(900003, { notes: 'late fix' }), await remove(900003)]) {
        expect([res.status, res.json]).toEqual([403, { ...FORBIDDEN, message }]);
      }
    }
    expect(stored(900003)).toMatchObject({ notes: 'Set up a loaner laptop', hours: 2.11 });
  });

  it('when an entry is locked, then an administrator may correct its notes and hours but not move it', async () => {
    fake.controls.lockEntry(900003, 'invoiced');
    const fixed = await patch(900003, {
      notes: 'Set up a loaner laptop (corrected)',
      hours: 2,
      spent_date: '2026-11-18',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({ hours: 2, is_locked: true, is_billed: true });
    for (const move of [{ spent_date: '2026-11-19' }, { project_id: 1 }, { task_id: 1 }]) {
      const res = await patch(900003, move);
      expect([res.status, res.json]).toEqual([
        403,
        { ...FORBIDDEN, message: FAKE_HARVEST_REFUSAL.lockedFields },
      ]);
    }
    expect(stored(900003)).toMatchObject({ spent_date: '2026-11-18', project_id: 3, task_id: 4 });
  });

  it('when an entry is locked, then an administrator may still delete it (Harvest: "Admins can delete closed entries")', async () => {
    fake.controls.lockEntry(900002);
    expect((await remove(900002)).status).toBe(200);
    expect((await remove(900004)).status).toBe(200);
  });

  it('when locked and unlocked over HTTP, then the entry says why it is locked, and then opens again', async () => {
    await control({ lockEntry: 900003, lockedAs: 'invoiced' });
    expect((await call('/v2/time_entries/900003')).json).toMatchObject({
      is_locked: true,
      locked_reason: 'Item Invoiced and Locked for this Time Period',
      is_billed: true,
      is_closed: false,
      approval_status: 'unsubmitted',
    });
    await control({ lockEntry: 900003 });
    expect((await call('/v2/time_entries/900003')).json).toMatchObject({
      locked_reason: 'Item Invoiced and Approved and Locked for this Time Period',
      is_closed: true,
      approval_status: 'approved',
    });
    await control({ unlockEntry: 900003, actAs: member });
    expect((await call('/v2/time_entries/900003')).json).toMatchObject({
      is_locked: false,
      locked_reason: null,
      is_closed: false,
      is_billed: false,
    });
    expect((await patch(900003, { hours: 3 })).status).toBe(200);
  });
});

describe('unknown paths', () => {
  it('when the path is unknown, then an HTML 404', async () => {
    const res = await call('/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('controls over HTTP', () => {
  it('when told {failWith: 500, times: 2}, then the next two requests fail and the third succeeds', async () => {
    expect((await control({ failWith: 500, times: 2 })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await call('/v2/users/me')).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('when told to fail without a count, then every request fails until reset', async () => {
    await control({ failWith: 503 });
    expect((await call('/v2/users/me')).status).toBe(503);
    expect((await call('/v2/tasks')).status).toBe(503);
    await control({ reset: true });
    expect((await call('/v2/users/me')).status).toBe(200);
  });

  it('when 429 is forced with and without retryAfter, then Retry-After is sent only when asked', async () => {
    await control({ failWith: 429, times: 1, retryAfter: 3 });
    await control({ failWith: 429, times: 1 });
    const withHeader = await call('/v2/users/me');
    const without = await call('/v2/users/me');
    expect([withHeader.status, withHeader.headers.get('retry-after')]).toEqual([429, '3']);
    expect([without.status, without.headers.get('retry-after'), without.text]).toEqual([429, null, '']);
  });

  it('when a forced 401 is answered, then it has Harvest’s body and header', async () => {
    await control({ failWith: 401, times: 1 });
    const res = await call('/v2/users/me');
    expect(res.json).toEqual(INVALID_TOKEN);
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('when a path is given, then only that path fails', async () => {
    await control({ failWith: 403, path: '/v2/tasks' });
    expect((await call('/v2/tasks')).status).toBe(403);
    expect((await call('/v2/projects')).status).toBe(200);
  });

  it('when latency is set, then answers are delayed by it', async () => {
    await control({ latencyMs: 150 });
    const started = performance.now();
    await call('/v2/users/me');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('when the role is switched to member, then users/me says so and admin endpoints refuse', async () => {
    await control({ role: 'member' });
    expect((await call('/v2/users/me')).json).toMatchObject({ access_roles: ['member'] });
    expect((await call('/v2/projects')).status).toBe(403);
  });

  it('when the role is switched to manager, then users/me says so and the users list opens', async () => {
    expect(await (await control({ role: 'manager' })).json()).toMatchObject({ role: 'manager' });
    expect((await call('/v2/users/me')).json).toMatchObject({ access_roles: ['manager'] });
    expect((await call('/v2/users')).status).toBe(200);
  });

  it('when reset, then the seed data is back', async () => {
    await call('/v2/time_entries/900001', { method: 'DELETE' });
    await control({ reset: true });
    expect((await call('/v2/time_entries/900001')).status).toBe(200);
  });

  it('when read back, then the request log lists method, path, headers and status; controls are not logged', async () => {
    await statusWithoutUserAgent('/v2/users/me');
    await call('/v2/tasks?is_active=true');
    const snapshot = (await (await fetch(`${origin}/__control`)).json()) as {
      role: string;
      requests: Array<{
        method: string;
        path: string;
        query: string;
        status: number;
        headers: Record<string, string>;
      }>;
    };
    expect(snapshot.role).toBe('administrator');
    expect(
      snapshot.requests.map(({ method, path, query, status }) => ({ method, path, query, status })),
    ).toEqual([
      { method: 'GET', path: '/v2/users/me', query: '', status: 400 },
      { method: 'GET', path: '/v2/tasks', query: '?is_active=true', status: 200 },
    ]);
    expect(snapshot.requests[1]?.headers['harvest-account-id']).toBe(FAKE_HARVEST_ACCOUNT_ID);
  });

  it('when the control body has an unknown key or status, then 400 and nothing changes', async () => {
    expect((await control({ failWith: 418 })).status).toBe(400);
    expect((await control({ failwith: 500 })).status).toBe(400);
    expect((await call('/v2/users/me')).status).toBe(200);
  });
});
