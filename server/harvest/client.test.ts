import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarvestClient, type HarvestClientOptions } from './client';
import {
  HarvestAuthError,
  HarvestForbiddenError,
  HarvestNetworkError,
  HarvestNotFoundError,
  HarvestRateLimitError,
  HarvestServerError,
  HarvestUnexpectedResponseError,
  HarvestValidationError,
} from './errors';
import {
  FAKE_HARVEST_ACCOUNT_ID,
  FAKE_HARVEST_TOKEN,
  startFakeHarvest,
  type FakeHarvest,
} from '../test/fake-harvest/server';

const USER_AGENT = 'Help desk tests (it-support@example.com)';
const TODAY = '2026-11-20';

let fake: FakeHarvest;
let sleeps: number[];

beforeAll(async () => {
  // Two per page, so that every list spans several pages.
  fake = await startFakeHarvest({ perPage: 2 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.controls.reset();
  sleeps = [];
});

function client(overrides: Partial<HarvestClientOptions> = {}) {
  return createHarvestClient({
    baseUrl: fake.url,
    accountId: FAKE_HARVEST_ACCOUNT_ID,
    accessToken: FAKE_HARVEST_TOKEN,
    userAgent: USER_AGENT,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
}

const requestsTo = (path: string) => fake.controls.requests().filter((request) => request.path === path);

/** A one-off server answering every request with `body`, for answers the fake never gives. */
async function serveOnce(body: (origin: string) => unknown) {
  const server = createServer((_req, res) => {
    const { port } = server.address() as AddressInfo;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body(`http://127.0.0.1:${port}`)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('requests', () => {
  it('when the client calls Harvest, then each request carries the token, the account id and the User-Agent', async () => {
    const user = await client().getCurrentUser();
    expect(user).toMatchObject({ id: 1001, first_name: 'Jordan', access_roles: ['administrator'] });
    const [request] = requestsTo('/v2/users/me');
    expect(request?.headers).toMatchObject({
      authorization: `Bearer ${FAKE_HARVEST_TOKEN}`,
      'harvest-account-id': FAKE_HARVEST_ACCOUNT_ID,
      'user-agent': USER_AGENT,
    });
    expect(request?.headers).not.toHaveProperty('content-type');
  });

  it('when it sends a body, then the body is JSON with a JSON Content-Type', async () => {
    await client().createTimeEntry({
      project_id: 3,
      task_id: 1,
      spent_date: TODAY,
      hours: 1.25,
      notes: 'VPN',
    });
    const [request] = requestsTo('/v2/time_entries');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      project_id: 3,
      task_id: 1,
      spent_date: TODAY,
      hours: 1.25,
      notes: 'VPN',
    });
  });
});

describe('pagination', () => {
  it('when a list spans several pages, then links.next is followed until it is null', async () => {
    const projects = await client().listProjects();
    expect(projects.map((project) => project.name).sort()).toEqual([
      'Administrative',
      'Legacy Migration',
      'Network Refresh',
      'Project',
      'Support',
    ]);
    expect(requestsTo('/v2/projects').map((request) => request.query)).toEqual([
      '',
      '?page=2&per_page=2',
      '?page=3&per_page=2',
    ]);
  });

  it('when Harvest hands out cursor links, then they are followed as given', async () => {
    fake.controls.setPaginationStyle('cursor');
    const entries = await client().listTimeEntries();
    expect(entries.map((entry) => entry.id).sort()).toEqual([900001, 900002, 900003, 900004]);
    const queries = requestsTo('/v2/time_entries').map((request) => request.query);
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatch(/cursor=.+&per_page=2&ref=next_cursor/);
  });

  it('when a query is given, then it goes on the first request and the links carry it on', async () => {
    const entries = await client().listTimeEntries({ user_id: 1001, from: '2026-11-01', to: '2026-11-30' });
    expect(entries.map((entry) => entry.id)).toEqual([900002, 900001, 900004]);
    expect(requestsTo('/v2/time_entries').map((request) => request.query)).toEqual([
      '?user_id=1001&from=2026-11-01&to=2026-11-30',
      '?user_id=1001&from=2026-11-01&to=2026-11-30&page=2&per_page=2',
    ]);
  });

  it('when links.next points at another host, then the token is not sent there', async () => {
    const server = await serveOnce(() => ({
      tasks: [{ id: 1, name: 'Heat Tickets' }],
      links: { next: 'http://127.0.0.2:9/v2/tasks?page=2' },
    }));
    try {
      await expect(client({ baseUrl: server.url }).listTasks()).rejects.toBeInstanceOf(
        HarvestUnexpectedResponseError,
      );
    } finally {
      await server.close();
    }
  });
});

describe('lenient reading', () => {
  it('when an older time entry lacks hours_without_timer and rounded_hours, then it is still read', async () => {
    const server = await serveOnce(() => ({
      time_entries: [
        {
          id: 7,
          spent_date: TODAY,
          hours: 2.11,
          notes: null,
          project: { id: 3, name: 'Support' },
          task: { id: 1, name: 'Heat Tickets' },
          a_field_harvest_added_later: { nested: true },
        },
      ],
      links: { next: null },
    }));
    try {
      const [entry] = await client({ baseUrl: server.url }).listTimeEntries();
      expect(entry).toMatchObject({ id: 7, hours: 2.11, project: { name: 'Support' } });
      expect(entry?.rounded_hours).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe('failures', () => {
  it('when the token is wrong, then HarvestAuthError carries Harvest’s description', async () => {
    const error = await client({ accessToken: 'revoked' })
      .getCurrentUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarvestAuthError);
    expect(error).toMatchObject({
      status: 401,
      transient: false,
      description: 'The access token provided is expired, revoked, malformed or invalid for other reasons.',
    });
  });

  it('when Harvest answers 429 with Retry-After, then the client waits that long and retries', async () => {
    fake.controls.failWith(429, { times: 1, retryAfterSeconds: 7 });
    await expect(client().getCurrentUser()).resolves.toMatchObject({ id: 1001 });
    expect(sleeps).toEqual([7000]);
    expect(requestsTo('/v2/users/me').map((request) => request.status)).toEqual([429, 200]);
  });

  it('when Harvest answers 429 without Retry-After, then the client waits 15 s and retries', async () => {
    fake.controls.failWith(429, { times: 2 });
    await expect(client().getCurrentUser()).resolves.toMatchObject({ id: 1001 });
    expect(sleeps).toEqual([15_000, 15_000]);
  });

  it('when a POST gets 429, then it is retried and the entry is created once', async () => {
    fake.controls.failWith(429, { times: 1, retryAfterSeconds: 1 });
    const created = await client().createTimeEntry({
      project_id: 3,
      task_id: 1,
      spent_date: TODAY,
      hours: 1,
    });
    expect(fake.state.timeEntries.filter((entry) => entry.id === created.id)).toHaveLength(1);
    expect(fake.state.timeEntries).toHaveLength(5);
  });

  it('when 429 persists past the retries, then HarvestRateLimitError says how long to wait', async () => {
    fake.controls.failWith(429, { retryAfterSeconds: 4 });
    const error = await client()
      .getCurrentUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarvestRateLimitError);
    expect(error).toMatchObject({ status: 429, transient: true, retryAfterSeconds: 4 });
    expect(sleeps).toEqual([4000, 4000]);
    expect(requestsTo('/v2/users/me')).toHaveLength(3);
  });

  it('when maxRateLimitRetries is 0, then the first 429 is thrown at once', async () => {
    fake.controls.failWith(429);
    await expect(client({ maxRateLimitRetries: 0 }).getCurrentUser()).rejects.toMatchObject({
      retryAfterSeconds: 15,
    });
    expect(sleeps).toEqual([]);
  });

  it.each([500, 503] as const)(
    'when Harvest answers %i, then HarvestServerError is transient',
    async (status) => {
      fake.controls.failWith(status, { times: 1 });
      const error = await client()
        .listTasks()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HarvestServerError);
      expect(error).toMatchObject({ status, transient: true });
      expect(requestsTo('/v2/tasks')).toHaveLength(1);
    },
  );

  it('when a time entry is invalid, then HarvestValidationError carries Harvest’s message', async () => {
    const error = await client()
      .createTimeEntry({ project_id: 3, task_id: 1, spent_date: '2026-02-30', hours: 1 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarvestValidationError);
    expect(error).toMatchObject({ status: 422, transient: false, message: 'Spent date is not a valid date' });
  });

  it('when the user may not use an endpoint, then HarvestForbiddenError', async () => {
    fake.controls.setRole('member');
    await expect(client().listProjects()).rejects.toMatchObject({
      name: 'HarvestForbiddenError',
      status: 403,
      transient: false,
    });
  });

  it('when an id is unknown, then HarvestNotFoundError', async () => {
    await expect(client().deleteTimeEntry(42)).rejects.toBeInstanceOf(HarvestNotFoundError);
  });

  it('when Harvest answers slower than timeoutMs, then HarvestNetworkError (timeout)', async () => {
    fake.controls.setLatency(1000);
    const started = performance.now();
    const error = await client({ timeoutMs: 100 })
      .getCurrentUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarvestNetworkError);
    expect(error).toMatchObject({ reason: 'timeout', status: null, transient: true });
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('when nothing listens at the address, then HarvestNetworkError (connection)', async () => {
    const gone = await startFakeHarvest();
    await gone.stop();
    const error = await client({ baseUrl: gone.url })
      .getCurrentUser()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HarvestNetworkError);
    expect(error).toMatchObject({ reason: 'connection', status: null, transient: true });
  });
});

describe('listProjectsWithTasks', () => {
  const expected = [
    { id: 1, name: 'Administrative', tasks: ['Documentation', 'Heat Tickets', 'Meetings'] },
    { id: 4, name: 'Network Refresh', tasks: ['Hardware Setup', 'Heat Tickets', 'Project Management'] },
    { id: 2, name: 'Project', tasks: ['Documentation', 'Heat Tickets', 'Meetings', 'Project Management'] },
    // Travel is assigned to Support but inactive.
    {
      id: 3,
      name: 'Support',
      tasks: ['Hardware Setup', 'Heat Tickets', 'Meetings', 'Software Installation'],
    },
  ];
  const names = (projects: Awaited<ReturnType<ReturnType<typeof client>['listProjectsWithTasks']>>) =>
    projects.map((project) => ({
      id: project.id,
      name: project.name,
      tasks: project.tasks.map((task) => task.name),
    }));

  it('when the user is an administrator, then the own project assignments give projects and tasks sorted by name', async () => {
    const projects = await client().listProjectsWithTasks();
    expect(names(projects)).toEqual(expected);
    expect(projects[3]?.tasks[1]).toEqual({ id: 1, name: 'Heat Tickets' });
    expect(requestsTo('/v2/projects')).toHaveLength(0);
  });

  it('when the user is a member, then the same lists come without touching the admin endpoints', async () => {
    fake.controls.setRole('member');
    expect(names(await client().listProjectsWithTasks())).toEqual(expected);
    expect(fake.controls.requests().every((request) => request.status === 200)).toBe(true);
  });

  it.each([403, 404] as const)(
    'when the project assignments answer %i, then the admin endpoints are the fallback (active projects only)',
    async (status) => {
      fake.controls.failWith(status, { path: '/v2/users/me/project_assignments' });
      expect(names(await client().listProjectsWithTasks())).toEqual(expected);
      expect(requestsTo('/v2/projects')[0]?.query).toBe('?is_active=true');
      expect(requestsTo('/v2/projects/5/task_assignments')).toHaveLength(0);
    },
  );

  it('when a member falls back and the admin endpoints refuse too, then HarvestForbiddenError', async () => {
    fake.controls.setRole('member');
    fake.controls.failWith(404, { path: '/v2/users/me/project_assignments' });
    await expect(client().listProjectsWithTasks()).rejects.toBeInstanceOf(HarvestForbiddenError);
  });

  it('when the failure is not a refusal, then there is no fallback', async () => {
    fake.controls.failWith(500, { path: '/v2/users/me/project_assignments' });
    await expect(client().listProjectsWithTasks()).rejects.toBeInstanceOf(HarvestServerError);
    expect(requestsTo('/v2/projects')).toHaveLength(0);
  });
});

describe('time entries', () => {
  it('when an entry is created, then its id comes back and it is listed afterwards', async () => {
    const harvest = client();
    const created = await harvest.createTimeEntry({
      project_id: 3,
      task_id: 1,
      spent_date: TODAY,
      hours: 2.11,
      notes: 'Ticket #1050: printer queue',
      external_reference: {
        id: 'ticket-1050',
        group_id: 'helpdesk',
        permalink: 'https://helpdesk.example.com/tickets/1050',
      },
    });
    expect(created).toMatchObject({
      hours: 2.11,
      rounded_hours: 2.25,
      is_running: false,
      project: { id: 3, name: 'Support', code: 'SUP' },
      task: { id: 1, name: 'Heat Tickets' },
      external_reference: { id: 'ticket-1050' },
    });
    expect(created.id).toBeGreaterThan(0);
    const listed = await harvest.listTimeEntries({ from: TODAY, to: TODAY });
    expect(listed.map((entry) => entry.id)).toEqual([created.id]);
  });

  it('when an entry is updated and deleted, then Harvest reflects each change', async () => {
    const harvest = client();
    const updated = await harvest.updateTimeEntry(900001, { hours: 0.5, notes: 'Shorter' });
    expect(updated).toMatchObject({ id: 900001, hours: 0.5, notes: 'Shorter', spent_date: '2026-11-16' });
    await harvest.deleteTimeEntry(900001);
    expect(fake.state.timeEntries.some((entry) => entry.id === 900001)).toBe(false);
  });

  it('when hours are not a number, then nothing is sent (Harvest would start a timer)', async () => {
    await expect(
      client().createTimeEntry({ project_id: 3, task_id: 1, spent_date: TODAY, hours: Number.NaN }),
    ).rejects.toBeInstanceOf(RangeError);
    expect(requestsTo('/v2/time_entries')).toHaveLength(0);
  });
});
