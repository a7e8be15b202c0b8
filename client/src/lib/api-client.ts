/**
 * The only module that calls fetch. Every request carries the session cookie, sends JSON only when
 * there is a body (a FormData body goes as multipart/form-data), and turns a non-OK answer into an
 * ApiError (spec §7 and §8 Generic).
 */
import { isNetworkFailure, reportReachable, reportUnreachable } from './connection-state';

/** What the server puts in an error answer (shared/contracts/common.ts ApiErrorBody), read defensively. */
export interface ApiErrorDetails {
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON error body, when the server sent one. */
    readonly body: ApiErrorDetails | undefined,
    /** The HTTP reason phrase ("Not Found"); some screens quote it instead of the body (spec §8). */
    readonly statusText = '',
  ) {
    super(message);
  }

  /** The server's own words for the failure (`error`, else `message`), if it gave any. */
  get serverMessage(): string | undefined {
    return this.body?.error || this.body?.message || undefined;
  }
}

export type MutationMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * GET only: the answer may come from the server's poll cache if at most this many seconds old
   * (`Cache-Control: max-age`); unset, the server answers afresh. See client/src/lib/poll-age.ts.
   */
  acceptAgeSeconds?: number;
  /** The request may outlive the page (a goodbye sent while the tab closes). */
  keepalive?: boolean;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readErrorDetails(value: unknown): ApiErrorDetails | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const fieldErrors = record.fieldErrors;
  return {
    message: typeof record.message === 'string' ? record.message : undefined,
    error: typeof record.error === 'string' ? record.error : undefined,
    fieldErrors:
      typeof fieldErrors === 'object' && fieldErrors !== null
        ? (fieldErrors as Record<string, string[]>)
        : undefined,
  };
}

async function request<T>(
  method: 'GET' | MutationMethod,
  url: string,
  body: unknown,
  options: RequestOptions,
): Promise<T> {
  const hasBody = body !== undefined;
  // The browser writes a multipart body's Content-Type itself, boundary included.
  const isForm = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody && !isForm) headers['Content-Type'] = 'application/json';
  if (options.acceptAgeSeconds) headers['Cache-Control'] = `max-age=${options.acceptAgeSeconds}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: isForm ? body : hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    // No answer at all: the banner says the connection is lost (lib/connection-state.ts).
    if (isNetworkFailure(error)) reportUnreachable();
    throw error;
  }
  reportReachable();
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      `${response.status}: ${text || response.statusText}`,
      readErrorDetails(parseJson(text)),
      response.statusText,
    );
  }
  // The caller names the answer's type: the server's contract, not this module, vouches for it.
  return (text ? parseJson(text) : undefined) as T;
}

export function apiGet<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', url, undefined, options);
}

/** A JSON body, or a FormData one (files) sent as multipart/form-data. */
export function apiSend<T>(
  method: MutationMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  return request<T>(method, url, body, options);
}

/** An expired or missing session (spec §8): "401: …Unauthorized". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}
