import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
  type FakeHarvest,
} from './fake-server';

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
