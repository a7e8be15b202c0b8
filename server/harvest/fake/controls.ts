/**
 * Test switches for the fake: forced failures, added latency, the user's role, the paging style, and
 * the log of what arrived. Reachable in-process and, for other processes, over HTTP at /__control.
 */
import { failureResponse, type FakeFailureStatus } from './failures';
import type { FakeResponse } from './http';
import type { PaginationStyle } from './pagination';
import { currentUser, harvestTimestamp, type FakeHarvestState } from './state';

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

export type FakeRole = 'administrator' | 'member';

export interface FakeControlsSnapshot {
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

  setRole(role: FakeRole): void {
    currentUser(this.state).access_roles = [role];
  }

  get role(): FakeRole {
    return currentUser(this.state).access_roles.includes('administrator') ? 'administrator' : 'member';
  }

  setPaginationStyle(style: PaginationStyle): void {
    this.style = style;
  }

  get paginationStyle(): PaginationStyle {
    return this.style;
  }

  /** Back to the start: seed data, administrator, no failures, no latency, page numbers, empty log. */
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
