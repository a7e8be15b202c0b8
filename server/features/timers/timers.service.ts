/**
 * The ticket timer (issue 16; docs/decisions/065-ticket-timer.md): one running timer per agent, on the server.
 */
import {
  TIMER_MESSAGES,
  timerHours,
  type RunningTimer,
  type StopTimerResponse,
  type TimerResponse,
} from '@shared/contracts/timers';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import * as repository from './timers.repository';

const toRunningTimer = (row: repository.TimerRow): RunningTimer => ({
  ticketId: row.ticketId,
  ticketNumber: row.ticketNumber,
  subject: row.subject,
  startedAt: row.startedAt.toISOString(),
  elapsedSeconds: row.elapsedSeconds,
});

export async function getTimer(db: Database, userId: string): Promise<TimerResponse> {
  const row = await repository.findTimer(db, userId);
  return { timer: row ? toRunningTimer(row) : null };
}

export async function startTimer(db: Database, userId: string, ticketId: string): Promise<TimerResponse> {
  const row = await repository.upsertTimer(db, userId, ticketId);
  if (row) return { timer: toRunningTimer(row) };
  const status = await repository.findTicketStatus(db, ticketId);
  if (status === undefined) throw notFound(TIMER_MESSAGES.ticketNotFound);
  throw conflict(TIMER_MESSAGES.ticketClosed);
}

export async function stopTimer(db: Database, userId: string): Promise<StopTimerResponse> {
  const row = await repository.deleteTimer(db, userId);
  if (!row) return { stopped: null };
  return {
    stopped: {
      ticketId: row.ticketId,
      ticketNumber: row.ticketNumber,
      elapsedSeconds: row.elapsedSeconds,
      hours: timerHours(row.elapsedSeconds),
    },
  };
}
