/**
 * The ticket timer (issue 16): one running timer per agent, kept on the server so it survives reloads
 * and shows in every tab. Plain zod only: the SPA imports this file.
 *
 * - GET /api/timer → TimerResponse: the caller's running timer, or null. `elapsedSeconds` is measured
 *   by the database clock, so every tab (and a browser with a wrong clock) shows the same time.
 * - POST /api/tickets/{id}/timer → 201 TimerResponse: starts the caller's timer on that ticket,
 *   replacing any timer running on another ticket; one already running on this ticket keeps running.
 *   404 for an unknown ticket, 409 for a closed one.
 * - DELETE /api/timer → 200 StopTimerResponse: stops the caller's timer; `hours` is the elapsed time
 *   rounded up to the next 0.25 h (at least 0.25). With no timer running: 200 `{stopped: null}`.
 *
 * A stop from the UI is reviewed first (issue 37, docs/decisions/115-timer-review.md), in the browser
 * only: the DELETE is sent once the agent confirms, and is the same request as before.
 */
import { z } from 'zod';
import { HOURS_STEP } from '../constants';

/** Timed hours are rounded up to this step (Time Spent's own step), and are at least one step. */
export const TIMER_ROUNDING_HOURS = HOURS_STEP;

export const TIMER_TEXTS = {
  start: 'Start Timer',
  stop: 'Stop Timer',
  starting: 'Starting...',
  stopping: 'Stopping...',
  headerLabel: 'Timer running',
  openTicket: (ticketNumber: string) => `Open ${ticketNumber}`,
  stopHeader: (ticketNumber: string) => `Stop the timer on ${ticketNumber}`,
  runningHere: 'Timer running on this ticket',
  runningElsewhere: (ticketNumber: string) => `Starting here stops the timer on ${ticketNumber}`,
  started: (ticketNumber: string) => `Timer started on ${ticketNumber}`,
  stopped: (hours: number, ticketNumber: string) => `Timer stopped: ${hours} h on ${ticketNumber}`,
  stoppedIntoTimeSpent: (hours: number) => `Timer stopped: ${hours} h put into time spent`,
  notRunning: 'No timer was running',
  startFailed: 'Could not start the timer',
  stopFailed: 'Could not stop the timer',
  // The review a stop opens first (issue 37): the hours, the rule that rounded them, and where they go.
  reviewTitle: (ticketNumber: string) => `Stop Timer on ${ticketNumber}`,
  reviewIntoCard:
    'These hours go into Time Spent on the Close Ticket card. Nothing goes to Harvest until you press Close & Track Time.',
  reviewNoCard: (ticketNumber: string) =>
    `Nothing is logged yet: put these hours into Time Spent when you close ${ticketNumber}.`,
  hoursLabel: 'Time Spent',
  hours: (hours: number) => `${hours} h`,
  timedUntilStop: (elapsed: string) => `Timed ${elapsed}, up to when you pressed Stop Timer`,
  replacesTimeSpent: (previous: string) => `Replaces the ${previous} h now in Time Spent`,
  roundingLabel: 'Rounding',
  roundingRule: `Rounded up to the next ${TIMER_ROUNDING_HOURS} h, at least ${TIMER_ROUNDING_HOURS} h`,
  projectLabel: 'Harvest Project',
  taskLabel: 'Harvest Task',
  notesLabel: 'Resolution Notes',
  notChosen: 'Not chosen yet',
  noNotes: 'None yet',
  entryLabel: 'Project, Task and Notes',
  chosenWhenClosing: 'Chosen on the Close Ticket card when you close the ticket',
  keepRunning: 'Keep Running',
} as const;

export const TIMER_MESSAGES = {
  ticketNotFound: 'Ticket not found',
  ticketClosed: 'This ticket is closed: reopen it to time it',
} as const;

/** The hours a timer of `elapsedSeconds` puts into Time Spent: rounded up to 0.25 h, at least 0.25. */
export function timerHours(elapsedSeconds: number): number {
  const steps = Math.ceil(Math.max(0, elapsedSeconds) / (TIMER_ROUNDING_HOURS * 3600));
  return Math.max(1, steps) * TIMER_ROUNDING_HOURS;
}

export const runningTimerSchema = z.object({
  ticketId: z.string(),
  ticketNumber: z.string(),
  subject: z.string(),
  /** ISO 8601. */
  startedAt: z.string(),
  /** Whole seconds since startedAt, by the database clock, when the answer was made. */
  elapsedSeconds: z.number().int().nonnegative(),
});
export type RunningTimer = z.infer<typeof runningTimerSchema>;

export const timerResponseSchema = z.object({ timer: runningTimerSchema.nullable() });
export type TimerResponse = z.infer<typeof timerResponseSchema>;

export const stoppedTimerSchema = z.object({
  ticketId: z.string(),
  ticketNumber: z.string(),
  elapsedSeconds: z.number().int().nonnegative(),
  hours: z.number().positive(),
});
export type StoppedTimer = z.infer<typeof stoppedTimerSchema>;

export const stopTimerResponseSchema = z.object({ stopped: stoppedTimerSchema.nullable() });
export type StopTimerResponse = z.infer<typeof stopTimerResponseSchema>;
