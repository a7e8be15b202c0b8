/**
 * With several app processes on one PostgreSQL database, each keeping signed-in sessions in memory
 * (docs/decisions/100-session-cache.md): once a request that deactivates a user, ends a session or changes a role has been
 * answered, no process serves the old session or the old role any more. The writer is this test's
 * own app; the process under fire is another one, started as production starts it, in a child process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTEN_LEASE_MS } from '../db/notification-listener';
import { startAppProcess, type AppProcess } from '../test/faults/app-process';
import { hasPostgresServer } from '../test/faults/app-storage';
import { call, type Answer } from '../test/faults/fault-support';
import { createTestApp, newUserInput, TEST_SESSION_SECRET, type TestApp } from '../test/test-app';

const WHOAMI = '/api/auth/user';
/** Clients sending requests one after the other while the change runs: the other process is busy. */
const LOOPS = 6;
/** Clients that each send one request the moment the change is answered. */
const BURST = 4;

let t: TestApp;
let writer: http.Server;
let writerPort: number;
let other: AppProcess;
/** Kept-alive connections to the other process, LOOPS then BURST. */
let agents: http.Agent[];
let adminCookie: string;

interface User {
  id: string;
  email: string;
  password: string;
}

/** One request fired at the other process: when it was sent, and what came back. */
type Shot = Pick<Answer, 'startedAt' | 'status' | 'body'>;
/** One sent after the change was answered, in round `round`. */
type Late = Shot & { round: number };

/** None of the requests sent after the answer got an unexpected answer. */
function expectNone<S extends Late>(late: S[], unexpected: (shot: S) => boolean) {
  const wrong = late.filter(unexpected);
  const rounds = new Set(wrong.map((shot) => shot.round)).size;
  expect(
    wrong,
    `${wrong.length} of ${late.length} requests sent after the answer, in ${rounds} rounds`,
  ).toEqual([]);
}

const onWriter = (method: string, path: string, cookie?: string, body?: unknown) =>
  call(writerPort, method, path, { cookie, body });

async function register(): Promise<User> {
  const input = newUserInput();
  const registered = await onWriter('POST', '/api/register', undefined, input);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  return { id: (registered.body as { user: { id: string } }).user.id, ...input };
}

async function signIn(user: User): Promise<string> {
  const login = await onWriter('POST', '/api/login', undefined, {
    email: user.email,
    password: user.password,
  });
  const cookie = login.headers['set-cookie']?.[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
  return cookie;
}

/**
 * Fires whoami requests with `cookie` at the other process while `change` runs on the writer: from
 * LOOPS clients one after the other, and from BURST clients at once the moment the change is answered.
 * Returns the requests sent after that moment, marked with `round`.
 */
async function fireWhile(round: number, cookie: string, change: () => Promise<Answer>): Promise<Late[]> {
  const whoami = (agent: http.Agent) => call(other.port, 'GET', WHOAMI, { cookie, agent });
  // Read once, so that the other process keeps the session in memory.
  expect((await whoami(agents[0]!)).status).toBe(200);
  let answeredAt = Number.POSITIVE_INFINITY;
  const shots: Shot[] = [];
  const loops = agents.slice(0, LOOPS).map(async (agent) => {
    for (;;) {
      const shot = await whoami(agent);
      shots.push(shot);
      if (shot.startedAt >= answeredAt) return;
    }
  });
  const answer = await change();
  answeredAt = answer.endedAt;
  const burst = await Promise.all(agents.slice(LOOPS).map(whoami));
  await Promise.all(loops);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return [...shots, ...burst]
    .filter((shot) => shot.startedAt >= answeredAt)
    .map((shot) => ({ ...shot, round }));
}

/** The public id of the session of `cookie`, as the Sessions card shows it. */
async function sessionId(cookie: string): Promise<string> {
  const listed = await onWriter('GET', '/api/auth/sessions', cookie);
  const sessions = (listed.body as { sessions: Array<{ id: string; current: boolean }> }).sessions;
  return sessions.find((session) => session.current)!.id;
}

describe.skipIf(!hasPostgresServer())('a change to a session or user, with two app processes', () => {
  beforeAll(async () => {
    t = await createTestApp();
    writer = http.createServer(t.app);
    await new Promise<void>((resolve) => writer.listen(0, '127.0.0.1', resolve));
    writerPort = (writer.address() as AddressInfo).port;
    // The first account of a database is its admin.
    adminCookie = await signIn(await register());
    other = await startAppProcess({
      databaseUrl: String(t.database.pool.options.connectionString),
      env: { SESSION_SECRET: TEST_SESSION_SECRET },
    });
    agents = Array.from({ length: LOOPS + BURST }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  }, 60_000);
  afterAll(async () => {
    for (const agent of agents ?? []) agent.destroy();
    await other?.stop();
    await new Promise((resolve) => writer?.close(resolve));
    await t?.close();
  });

  it('when a user is deactivated, then no request sent after the answer is served (50 rounds)', async () => {
    const user = await register();
    const late: Late[] = [];
    for (let round = 0; round < 50; round++) {
      if (round > 0)
        expect((await onWriter('PUT', `/api/team/${user.id}`, adminCookie, { active: true })).status).toBe(
          200,
        );
      const cookie = await signIn(user);
      late.push(
        ...(await fireWhile(round, cookie, () =>
          onWriter('PUT', `/api/team/${user.id}`, adminCookie, { active: false }),
        )),
      );
    }
    expectNone(late, (shot) => shot.status !== 401);
  }, 120_000);

  it('when a session is ended from another one, then no request sent after the answer is served (20 rounds)', async () => {
    const user = await register();
    const keeper = await signIn(user);
    const late: Late[] = [];
    for (let round = 0; round < 20; round++) {
      const cookie = await signIn(user);
      const id = await sessionId(cookie);
      late.push(
        ...(await fireWhile(round, cookie, () => onWriter('DELETE', `/api/auth/sessions/${id}`, keeper))),
      );
    }
    expectNone(late, (shot) => shot.status !== 401);
  }, 120_000);

  it('when a user signs out everywhere else, then no request sent after the answer is served (20 rounds)', async () => {
    const user = await register();
    const keeper = await signIn(user);
    const late: Late[] = [];
    for (let round = 0; round < 20; round++) {
      const cookie = await signIn(user);
      late.push(
        ...(await fireWhile(round, cookie, () =>
          onWriter('POST', '/api/auth/sessions/revoke-others', keeper),
        )),
      );
    }
    expectNone(late, (shot) => shot.status !== 401);
  }, 120_000);

  it('when a role changes, then every request sent after the answer has the new role (20 rounds)', async () => {
    const user = await register();
    const cookie = await signIn(user);
    const late: Array<Late & { role: string }> = [];
    for (let round = 0; round < 20; round++) {
      const role = round % 2 === 0 ? 'admin' : 'agent';
      const shots = await fireWhile(round, cookie, () =>
        onWriter('PUT', `/api/team/${user.id}`, adminCookie, { role }),
      );
      late.push(...shots.map((shot) => ({ ...shot, role })));
    }
    expectNone(late, (shot) => shot.status !== 200 || (shot.body as { role: string }).role !== shot.role);
  }, 120_000);

  it('when the other process stalls, then the change is answered once its lease has run out, and it serves nothing old', async () => {
    const user = await register();
    const cookie = await signIn(user);
    expect((await call(other.port, 'GET', WHOAMI, { cookie, agent: agents[0] })).status).toBe(200);
    other.signal('SIGSTOP');
    let late: Array<Promise<Answer>>;
    try {
      const answer = await onWriter('PUT', `/api/team/${user.id}`, adminCookie, { active: false });
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeGreaterThanOrEqual(LISTEN_LEASE_MS);
      // Sent while it still stalls: they wait beside the announcements it has not heard yet.
      late = agents.map((agent) => call(other.port, 'GET', WHOAMI, { cookie, agent }));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      other.signal('SIGCONT');
    }
    expect((await Promise.all(late)).map((answer) => answer.status)).toEqual(agents.map(() => 401));
  });
});
