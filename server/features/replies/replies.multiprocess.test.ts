/**
 * Exactly once with several app processes: two apps, each with its own job runner and send worker on
 * its own connection pool to one PostgreSQL database (the embedded database has one connection, which
 * the second app then shares), take replies and send them to one real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { createApp } from '../../app';
import type { OpenDatabase } from '../../db/database';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner';
import { signedInAgent, TEST_SESSION_SECRET } from '../../test/test-app';
import { openSecondPool } from '../../test/test-database';
import { createTicket } from '../../test/support/tickets';
import {
  createReplyTestApp,
  postReply,
  sleep,
  waitForStatus,
  type Agent,
  type ReplyTestApp,
} from '../../test/support/replies';
import { SEND_REPLY_QUEUE, startReplySender } from './send-reply.job';

let r: ReplyTestApp;
let second: OpenDatabase | undefined;
let secondJobs: JobRunner;
let secondApp: Express;
let secondAgent: Agent;

beforeAll(async () => {
  r = await createReplyTestApp();
  second = r.t.database.mode === 'postgres' ? await openSecondPool(r.t.database) : undefined;
  const database = second ?? r.t.database;
  secondJobs = createJobRunner(database.pool);
  secondApp = createApp({
    config: r.t.config,
    pool: database.pool,
    db: database.db,
    sessionSecret: TEST_SESSION_SECRET,
    jobs: secondJobs,
  });
  ({ agent: secondAgent } = await signedInAgent(secondApp));
  await r.startSender();
  await startReplySender({ db: database.db, jobs: secondJobs, config: r.t.config, cipher: r.cipher });
});
afterAll(async () => {
  await secondJobs.stop();
  await second?.close();
  await r.close();
});

describe('two app processes on one database', () => {
  it('when 30 replies are posted through both, then exactly 30 emails arrive, one per reply', async () => {
    const tickets = await Promise.all(Array.from({ length: 6 }, () => createTicket(r.agent)));
    const ids = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const as = i % 2 === 0 ? r.agent : secondAgent;
        const res = await postReply(as, tickets[i % tickets.length]!.id, `Reply number ${i}`).expect(201);
        return res.body.message.id as string;
      }),
    );

    await r.smtp.waitForMessages(30, 30_000);
    const rows = await Promise.all(ids.map((id) => waitForStatus(r.t.database.db, id, ['sent'])));
    await sleep(2_000);
    expect(r.smtp.messages).toHaveLength(30);
    expect(new Set(r.smtp.messages.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => row.messageId)),
    );
    expect(rows.every((row) => row.sendAttempts === 1)).toBe(true);
    expect(new Set(r.smtp.messages.map((mail) => mail.text.trim()))).toEqual(
      new Set(ids.map((_, i) => `Reply number ${i}`)),
    );
  });

  it('when every reply’s job runs twice at once (a run taken for dead), then still one email each', async () => {
    r.smtp.clear();
    const ticket = await createTicket(r.agent);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await postReply(i % 2 === 0 ? r.agent : secondAgent, ticket.id, `Twice ${i}`).expect(201);
      ids.push(res.body.message.id as string);
    }
    // A second job per reply, on the other process's runner: both runs race for every reply.
    await secondJobs.defineQueue(SEND_REPLY_QUEUE, {
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
    });
    await r.t.database.db.transaction(async (tx) => {
      for (const messageId of ids) await r.t.jobs.enqueue(tx, SEND_REPLY_QUEUE, { messageId });
    });

    const rows = await Promise.all(ids.map((id) => waitForStatus(r.t.database.db, id, ['sent'], 30_000)));
    await sleep(2_000);
    expect(r.smtp.messages).toHaveLength(20);
    expect(r.smtp.dataAttempts).toBe(20);
    expect(new Set(r.smtp.messages.map((mail) => mail.messageId))).toEqual(
      new Set(rows.map((row) => row.messageId)),
    );
  });
});
