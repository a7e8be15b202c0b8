/**
 * The Harvest v2 API client (shared/harvest-api.md). Each method is one documented call; list methods
 * return every page. Failures are the typed errors of ./errors.
 */
import { z } from 'zod';
import { collectAllPages } from './paginate';
import { parseAnswer } from './parse-answer';
import { listProjectsWithTasks, type HarvestProjectWithTasks } from './projects-with-tasks';
import {
  harvestProjectAssignmentSchema,
  harvestProjectSchema,
  harvestTaskAssignmentSchema,
  harvestTaskSchema,
  harvestTimeEntrySchema,
  harvestUserSchema,
  type HarvestExternalReference,
  type HarvestProject,
  type HarvestProjectAssignment,
  type HarvestTask,
  type HarvestTaskAssignment,
  type HarvestTimeEntry,
  type HarvestUser,
} from './schemas';
import { createTransport } from './transport';

export const HARVEST_DEFAULT_BASE_URL = 'https://api.harvestapp.com/v2';

export interface HarvestClientOptions {
  /** Default: the live API. The fake server's URL in tests and local development. */
  baseUrl?: string;
  accountId: string;
  accessToken: string;
  /** "App name (contact email or URL)": Harvest answers 400 without one. */
  userAgent: string;
  /** Per HTTP attempt, body included. Default 10 000. */
  timeoutMs?: number;
  /** How many times a 429 is waited out before HarvestRateLimitError. Default 2. */
  maxRateLimitRetries?: number;
  /** Replaceable so tests need not wait out Retry-After. */
  sleep?: (ms: number) => Promise<void>;
}

export interface NewHarvestTimeEntry {
  project_id: number;
  task_id: number;
  /** YYYY-MM-DD */
  spent_date: string;
  hours: number;
  notes?: string | null;
  /** Only administrators and managers may log time for someone else. */
  user_id?: number;
  external_reference?: HarvestExternalReference;
}

export type HarvestTimeEntryPatch = Partial<Omit<NewHarvestTimeEntry, 'user_id'>>;

/** A type alias rather than an interface so that it fits the transport's query record. */
export type HarvestTimeEntryQuery = {
  user_id?: number;
  client_id?: number;
  project_id?: number;
  task_id?: number;
  /** YYYY-MM-DD, inclusive */
  from?: string;
  /** YYYY-MM-DD, inclusive */
  to?: string;
  /** ISO 8601 date and time */
  updated_since?: string;
  is_running?: boolean;
  is_billed?: boolean;
  /** The `id` of an external_reference sent on create: finds an entry pushed before an unanswered POST. */
  external_reference_id?: string;
};

export type HarvestActiveFilter = { is_active?: boolean };

export interface HarvestClient {
  getCurrentUser(): Promise<HarvestUser>;
  /** The account's users (GET /v2/users): an administrator's or manager's token only (403 otherwise). */
  listUsers(query?: HarvestActiveFilter): Promise<HarvestUser[]>;
  listProjectAssignments(): Promise<HarvestProjectAssignment[]>;
  listProjects(
    query?: HarvestActiveFilter & { client_id?: number; updated_since?: string },
  ): Promise<HarvestProject[]>;
  listTaskAssignments(projectId: number, query?: HarvestActiveFilter): Promise<HarvestTaskAssignment[]>;
  listTasks(query?: HarvestActiveFilter): Promise<HarvestTask[]>;
  createTimeEntry(entry: NewHarvestTimeEntry): Promise<HarvestTimeEntry>;
  /** One entry (404 when it is gone, or not the token's to see). */
  getTimeEntry(id: number): Promise<HarvestTimeEntry>;
  updateTimeEntry(id: number, patch: HarvestTimeEntryPatch): Promise<HarvestTimeEntry>;
  deleteTimeEntry(id: number): Promise<void>;
  listTimeEntries(query?: HarvestTimeEntryQuery): Promise<HarvestTimeEntry[]>;
  /** Active projects with their active tasks, sorted by name; works for every Harvest role. */
  listProjectsWithTasks(): Promise<HarvestProjectWithTasks[]>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Harvest reads a missing or null `hours` as "start a timer", which would leave a timer running. */
function assertHours(hours: unknown): void {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours < 0) {
    throw new RangeError(
      `Harvest time entries need hours as a finite number of at least 0, got ${String(hours)}`,
    );
  }
}

export function createHarvestClient(options: HarvestClientOptions): HarvestClient {
  const transport = createTransport({
    baseUrl: options.baseUrl ?? HARVEST_DEFAULT_BASE_URL,
    accountId: options.accountId,
    accessToken: options.accessToken,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRateLimitRetries: options.maxRateLimitRetries ?? 2,
    sleep: options.sleep ?? realSleep,
  });

  async function one<T extends z.ZodType>(
    schema: T,
    method: 'GET' | 'POST' | 'PATCH',
    target: string,
    body?: unknown,
  ): Promise<z.output<T>> {
    return parseAnswer(schema, await transport.send({ method, target, body }));
  }

  const client: HarvestClient = {
    getCurrentUser: () => one(harvestUserSchema, 'GET', '/users/me'),
    listUsers: (query) => collectAllPages(transport, '/users', 'users', harvestUserSchema, query),
    listProjectAssignments: () =>
      collectAllPages(
        transport,
        '/users/me/project_assignments',
        'project_assignments',
        harvestProjectAssignmentSchema,
      ),
    listProjects: (query) => collectAllPages(transport, '/projects', 'projects', harvestProjectSchema, query),
    listTaskAssignments: (projectId, query) =>
      collectAllPages(
        transport,
        `/projects/${encodeURIComponent(projectId)}/task_assignments`,
        'task_assignments',
        harvestTaskAssignmentSchema,
        query,
      ),
    listTasks: (query) => collectAllPages(transport, '/tasks', 'tasks', harvestTaskSchema, query),
    async createTimeEntry(entry) {
      assertHours(entry.hours);
      return one(harvestTimeEntrySchema, 'POST', '/time_entries', entry);
    },
    getTimeEntry: (id) => one(harvestTimeEntrySchema, 'GET', `/time_entries/${encodeURIComponent(id)}`),
    async updateTimeEntry(id, patch) {
      if ('hours' in patch) assertHours(patch.hours);
      return one(harvestTimeEntrySchema, 'PATCH', `/time_entries/${encodeURIComponent(id)}`, patch);
    },
    async deleteTimeEntry(id) {
      await transport.send({ method: 'DELETE', target: `/time_entries/${encodeURIComponent(id)}` });
    },
    listTimeEntries: (query) =>
      collectAllPages(transport, '/time_entries', 'time_entries', harvestTimeEntrySchema, query),
    listProjectsWithTasks: () => listProjectsWithTasks(client),
  };
  return client;
}

export type { HarvestProjectWithTasks, HarvestNamedItem } from './projects-with-tasks';
export type * from './schemas';
