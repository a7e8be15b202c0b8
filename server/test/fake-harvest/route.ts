/** What an endpoint handler of the fake receives and how it is matched. */
import type { FakeResponse } from './http';
import type { FakeHarvestState } from './state';

export interface RouteContext {
  state: FakeHarvestState;
  /** The request URL, absolute on the origin the client called (list links are built from it). */
  url: URL;
  /** The path's captured segments, e.g. the id of /v2/time_entries/:id. */
  params: string[];
  /** The JSON object sent with Content-Type application/json; {} otherwise, as Harvest reads it. */
  body: Record<string, unknown>;
  /** Answers one page of `items` under `key` with the pagination envelope. */
  page<T>(items: T[], key: string): FakeResponse;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  pattern: RegExp;
  handle(context: RouteContext): FakeResponse;
}

/** A path segment as a positive integer id, or undefined when it is not one. */
export function idParam(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/** A query flag: "true" or "false"; anything else counts as absent. */
export function booleanQuery(url: URL, name: string): boolean | undefined {
  const value = url.searchParams.get(name);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

export function integerQuery(url: URL, name: string): number | undefined {
  return idParam(url.searchParams.get(name) ?? undefined);
}

/** Keeps active or archived records when `is_active` is "true" or "false"; all of them otherwise. */
export function withActive<T extends { is_active: boolean }>(url: URL, items: T[]): T[] {
  const active = booleanQuery(url, 'is_active');
  return active === undefined ? items : items.filter((item) => item.is_active === active);
}

/** Keeps records updated at or after `updated_since`, when given. */
export function updatedSince<T extends { updated_at: string }>(url: URL, items: T[]): T[] {
  const since = Date.parse(url.searchParams.get('updated_since') ?? '');
  return Number.isNaN(since) ? items : items.filter((item) => Date.parse(item.updated_at) >= since);
}

/** Harvest lists the most recently created first. */
export const newestFirst = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => b.id - a.id);
