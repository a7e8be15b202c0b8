/**
 * Test switches for the fake: forced failures, added latency, whose token it is and their role, locked
 * entries, the paging style, and the log of what arrived. Reachable in-process and, for other
 * processes, over HTTP at /__control.
 */
import { failureResponse, type FakeFailureStatus } from './failures';
import type { FakeResponse } from './http';
import { LOCKED_REASON } from './messages';
import type { PaginationStyle } from './pagination';
import { roleOf } from './permissions';
import {
  currentUser,
  harvestTimestamp,
  type FakeAccessRole,
  type FakeHarvestState,
  type FakeTimeEntry,
} from './state';

export interface FailureOptions {
  /** How many requests to fail; omitted: every request until reset. */
  times?: number;
  /** With 429 only: send Retry-After with these seconds; omitted: no header, like a recorded live 429. */
  retryAfterSeconds?: number;
  /** Fail only requests to this exact path (e.g. '/v2/users/me/project_assignments'). */
  path?: string;
}

export interface ForcedFailure extends FailureOptions {
  status: FakeFailureStatus;
}

export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The query string including its "?", or "". */
  query: string;
  /** Lower-cased names, as Node receives them. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined when none was sent or it was not JSON. */
  body: unknown;
  /** The status answered, or null while the request is still being handled. */
  status: number | null;
  receivedAt: string;
}

/** The log keeps the most recent requests only, so a long-running dev fake does not grow without end. */
const MAX_LOGGED_REQUESTS = 1000;

export type FakeRole = FakeAccessRole;

/** Why an entry is locked: its week was approved (it is also closed), or it was invoiced (billed). */
export type FakeLockReason = 'approved' | 'invoiced';

export interface FakeControlsSnapshot {
  /** The user the token belongs to. */
  currentUserId: number;
  role: FakeRole;
  latencyMs: number;
  paginationStyle: PaginationStyle;
  failures: ForcedFailure[];
  requests: RecordedRequest[];
}

export class FakeHarvestControls {
  private failures: ForcedFailure[] = [];
  private log: RecordedRequest[] = [];
  private latency = 0;
  private style: PaginationStyle = 'pages';

  constructor(
    private readonly state: FakeHarvestState,
    private readonly seed: () => FakeHarvestState,
  ) {}

  /** Forces answers with `status`: the next `times` requests, or all of them until reset. */
  failWith(status: FakeFailureStatus, options: FailureOptions = {}): void {
    if (options.times !== undefined && (!Number.isInteger(options.times) || options.times < 1)) {
      throw new RangeError('times must be a positive integer');
    }
    this.failures.push({ status, ...options });
  }

  /** Ends every forced failure (the outage is over) and keeps the data, the latency and the log. */
  clearFailures(): void {
    this.failures = [];
  }

  /** Delays every /v2 answer, failures included, by this many milliseconds. */
  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('latency must be at least 0 ms');
    this.latency = ms;
  }

  get latencyMs(): number {
    return this.latency;
  }

  /** Gives the token's current user this access role (and no other). */
  setRole(role: FakeRole): void {
    currentUser(this.state).access_roles = [role];
  }

  get role(): FakeRole {
    return roleOf(this.state);
  }

  /**
   * Makes the token belong to another user, as if that person's own token had been saved: /users/me,
   * "members see only their own" and the user an entry without user_id goes to all follow. Their seeded
   * role stays unless setRole changes it.
   */
  actAs(userId: number): void {
    if (!this.hasUser(userId)) throw new RangeError(`The fake Harvest has no user ${userId}`);
    this.state.currentUserId = userId;
  }

  get currentUserId(): number {
    return this.state.currentUserId;
  }

  hasUser(userId: number): boolean {
    return this.state.users.some((user) => user.id === userId);
  }

  hasTimeEntry(entryId: number): boolean {
    return this.state.timeEntries.some((entry) => entry.id === entryId);
  }

  /** Locks an entry as Harvest does when its week is approved or it is invoiced; both can apply. */
  lockEntry(entryId: number, reason: FakeLockReason = 'approved'): void {
    const entry = this.timeEntry(entryId);
    const closed = entry.is_closed || reason === 'approved';
    const billed = entry.is_billed || reason === 'invoiced';
    Object.assign(entry, {
      is_locked: true,
      is_closed: closed,
      is_billed: billed,
      locked_reason: closed && billed ? LOCKED_REASON.invoicedAndApproved : LOCKED_REASON[reason],
      updated_at: harvestTimestamp(),
    });
  }

  /** Takes back the approval and the invoice: the entry is open again. */
  unlockEntry(entryId: number): void {
    Object.assign(this.timeEntry(entryId), {
      is_locked: false,
      is_closed: false,
      is_billed: false,
      locked_reason: null,
      updated_at: harvestTimestamp(),
    });
  }

  private timeEntry(entryId: number): FakeTimeEntry {
    const entry = this.state.timeEntries.find((candidate) => candidate.id === entryId);
    if (!entry) throw new RangeError(`The fake Harvest has no time entry ${entryId}`);
    return entry;
  }

  setPaginationStyle(style: PaginationStyle): void {
    this.style = style;
  }

  get paginationStyle(): PaginationStyle {
    return this.style;
  }

  /**
   * Back to the start: seed data (the token is the administrator's again, nothing locked but the seeded
   * entry), no failures, no latency, page numbers, empty log.
   */
  reset(): void {
    this.failures = [];
    this.log = [];
    this.latency = 0;
    this.style = 'pages';
    Object.assign(this.state, this.seed());
  }

  requests(): RecordedRequest[] {
    return this.log.map((entry) => ({ ...entry, headers: { ...entry.headers } }));
  }

  clearRequests(): void {
    this.log = [];
  }

  snapshot(): FakeControlsSnapshot {
    return {
      currentUserId: this.state.currentUserId,
      role: this.role,
      latencyMs: this.latency,
      paginationStyle: this.style,
      failures: this.failures.map((failure) => ({ ...failure })),
      requests: this.requests(),
    };
  }

  /** Logs an arriving request; the server fills in the status when it answers. */
  record(entry: Omit<RecordedRequest, 'status' | 'receivedAt'>): RecordedRequest {
    const recorded: RecordedRequest = { ...entry, status: null, receivedAt: harvestTimestamp() };
    this.log.push(recorded);
    if (this.log.length > MAX_LOGGED_REQUESTS) this.log.shift();
    return recorded;
  }

  /** The forced answer for a request to `path`, if a failure applies; counts it down. */
  takeFailure(path: string): FakeResponse | undefined {
    const index = this.failures.findIndex((failure) => failure.path === undefined || failure.path === path);
    const failure = this.failures[index];
    if (!failure) return undefined;
    if (failure.times !== undefined) {
      failure.times -= 1;
      if (failure.times === 0) this.failures.splice(index, 1);
    }
    return failureResponse(failure.status, failure.retryAfterSeconds);
  }
}
