const DAY_MS = 86_400_000;
/** How long after its creation the assignee's demo note was written, and the ticket closed. */
const NOTE_AFTER_MS = 0.1 * DAY_MS;
const CLOSED_AFTER_MS = 0.5 * DAY_MS;

export interface DemoTicketTimes {
  createdAt: Date;
  noteAt: Date;
  closedAt: Date;
}

/**
 * The times of the `age`-th demo ticket (created `age` days before `now`): its note and its closing
 * follow its creation, but never lie after `now`. The newest ticket's note used to be written 2.4 h
 * in the future, which the detail then showed as a later time than the clock (issue 37).
 */
export function demoTicketTimes(age: number, now: Date): DemoTicketTimes {
  const created = now.getTime() - age * DAY_MS;
  const notAfterNow = (at: number) => new Date(Math.min(at, now.getTime()));
  return {
    createdAt: new Date(created),
    noteAt: notAfterNow(created + NOTE_AFTER_MS),
    closedAt: notAfterNow(created + CLOSED_AFTER_MS),
  };
}
