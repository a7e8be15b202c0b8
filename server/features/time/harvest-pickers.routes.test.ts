import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '@shared/schema';
import { startFakeHarvest, type FakeHarvest } from '../../test/fake-harvest/server';
import {
  createHarvestTestApp,
  saveFakeCredentials,
  signIn,
  type HarvestTestApp,
  type TestAgent,
} from '../../test/harvest-test-app';

let fake: FakeHarvest;
let t: HarvestTestApp;
let admin: TestAgent;
let agent: TestAgent;

const ASSIGNMENTS = '/v2/users/me/project_assignments';
const FALLBACK_PROJECTS = [
  { id: 1, name: 'Administrative' },
  { id: 2, name: 'Project' },
  { id: 3, name: 'Support' },
];
const HEAT_TICKETS = [{ id: 1, name: 'Heat Tickets' }];

beforeAll(async () => {
  fake = await startFakeHarvest();
  t = await createHarvestTestApp(fake.url);
  ({ agent: admin } = await signIn(t.app));
  ({ agent } = await signIn(t.app));
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});
beforeEach(async () => {
  await t.db.delete(settings);
  t.harvest.catalog.invalidate();
  fake.controls.reset();
});

const harvestCalls = () => fake.controls.requests().filter((r) => r.path !== '/v2/users/me');

async function configure() {
  await saveFakeCredentials(admin);
  fake.controls.clearRequests();
}

describe('authentication', () => {
  it.each(['/api/harvest/projects', '/api/harvest/projects/3/tasks', '/api/harvest/tasks?project_id=3'])(
    'when nobody is signed in, then %s answers 401',
    async (path) => {
      await request(t.app).get(path).expect(401);
    },
  );
});

describe('when Harvest is not configured', () => {
  it('then the spec’s fallback projects and task are served, marked as the fallback, without asking Harvest', async () => {
    const projects = await agent.get('/api/harvest/projects').expect(200);
    expect(projects.body).toEqual({
      projects: FALLBACK_PROJECTS,
      source: 'fallback',
      reason: 'not_configured',
      message: 'Harvest is not configured: showing the default projects',
    });
    const tasks = await agent.get('/api/harvest/projects/3/tasks').expect(200);
    expect(tasks.body).toMatchObject({ tasks: HEAT_TICKETS, source: 'fallback', reason: 'not_configured' });
    expect(fake.controls.requests()).toHaveLength(0);
  });
});

describe('when Harvest is configured', () => {
  it('then the user’s active projects are listed by name, from Harvest', async () => {
    await configure();
    const res = await agent.get('/api/harvest/projects').expect(200);
    expect(res.body).toEqual({
      projects: [
        { id: 1, name: 'Administrative' },
        { id: 4, name: 'Network Refresh' },
        { id: 2, name: 'Project' },
        { id: 3, name: 'Support' },
      ],
      source: 'harvest',
    });
  });

  it('then a project’s active tasks are sorted by name, on each of the three paths', async () => {
    await configure();
    const expected = {
      tasks: [
        { id: 4, name: 'Hardware Setup' },
        { id: 1, name: 'Heat Tickets' },
        { id: 2, name: 'Meetings' },
        { id: 5, name: 'Software Installation' },
      ],
      source: 'harvest',
    };
    for (const path of [
      '/api/harvest/projects/3/tasks',
      '/api/harvest/tasks/3',
      '/api/harvest/tasks?project_id=3',
    ]) {
      expect((await agent.get(path).expect(200)).body).toEqual(expected);
    }
  });

  it('then a project Harvest does not offer has no tasks', async () => {
    await configure();
    const res = await agent.get('/api/harvest/projects/5/tasks').expect(200);
    expect(res.body).toEqual({ tasks: [], source: 'harvest' });
  });

  it('then N browsers asking at once and again cause one Harvest request', async () => {
    await configure();
    const paths = [
      '/api/harvest/projects',
      '/api/harvest/projects/3/tasks',
      '/api/harvest/tasks?project_id=1',
    ];
    const first = await Promise.all(Array.from({ length: 12 }, (_, i) => agent.get(paths[i % 3] ?? '')));
    expect(first.map((res) => res.status)).toEqual(Array(12).fill(200));
    for (let i = 0; i < 5; i++) await admin.get('/api/harvest/projects').expect(200);
    expect(harvestCalls().map((r) => r.path)).toEqual([ASSIGNMENTS]);
  });

  it('then saving credentials again drops the cached lists', async () => {
    await configure();
    await agent.get('/api/harvest/projects').expect(200);
    fake.state.projects.push({ ...fake.state.projects[0]!, id: 6, name: 'After Hours' });
    fake.state.projectAssignments.push({ ...fake.state.projectAssignments[0]!, id: 299, project_id: 6 });
    const cached = await agent.get('/api/harvest/projects').expect(200);
    expect(cached.body.projects.map((p: { name: string }) => p.name)).not.toContain('After Hours');
    await saveFakeCredentials(admin);
    const fresh = await agent.get('/api/harvest/projects').expect(200);
    expect(fresh.body.projects.slice(0, 2)).toEqual([
      { id: 1, name: 'Administrative' },
      { id: 6, name: 'After Hours' },
    ]);
    expect(harvestCalls().filter((r) => r.path === ASSIGNMENTS)).toHaveLength(2);
  });

  it('then a cache that expires asks Harvest again', async () => {
    const shortCache = await createHarvestTestApp(fake.url, {
      sharedWith: t,
      env: { HARVEST_CATALOG_CACHE_SECONDS: '0' },
    });
    try {
      await configure();
      const { agent: reader } = await signIn(shortCache.app);
      await reader.get('/api/harvest/projects').expect(200);
      await reader.get('/api/harvest/projects').expect(200);
      expect(harvestCalls().filter((r) => r.path === ASSIGNMENTS)).toHaveLength(2);
    } finally {
      await shortCache.close();
    }
  });
});

describe('when Harvest fails', () => {
  it('then the fallback is served, marked unavailable, and Harvest is not asked again for each call', async () => {
    await configure();
    fake.controls.failWith(500);
    const answers = await Promise.all(Array.from({ length: 5 }, () => agent.get('/api/harvest/projects')));
    for (const res of answers) {
      expect(res.body).toMatchObject({
        projects: FALLBACK_PROJECTS,
        source: 'fallback',
        reason: 'unavailable',
      });
    }
    await agent.get('/api/harvest/tasks/2').expect(200, {
      tasks: HEAT_TICKETS,
      source: 'fallback',
      reason: 'unavailable',
      message: 'Harvest could not be reached: showing the default projects',
    });
    expect(harvestCalls()).toHaveLength(1);
  });

  it('then a revoked token is told apart from an outage', async () => {
    await configure();
    fake.controls.failWith(401);
    const res = await agent.get('/api/harvest/projects').expect(200);
    expect(res.body).toMatchObject({ source: 'fallback', reason: 'rejected' });
  });

  it('then a Harvest account without projects gets the fallback too (spec: "fallback lists if none")', async () => {
    await configure();
    fake.state.projectAssignments = [];
    const res = await agent.get('/api/harvest/projects').expect(200);
    expect(res.body).toMatchObject({
      projects: FALLBACK_PROJECTS,
      source: 'fallback',
      reason: 'no_projects',
    });
  });
});

describe('validation', () => {
  it.each([
    ['/api/harvest/projects/abc/tasks', 'projectId'],
    ['/api/harvest/projects/0/tasks', 'projectId'],
    ['/api/harvest/tasks/-1', 'projectId'],
    ['/api/harvest/tasks', 'project_id'],
    ['/api/harvest/tasks?project_id=1.5', 'project_id'],
  ])('when %s, then 400 naming %s', async (path, field) => {
    const res = await agent.get(path).expect(400);
    expect(Object.keys(res.body.fieldErrors)).toEqual([field]);
  });
});
