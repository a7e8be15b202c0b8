/** The answers the controls can force, shaped like Harvest's own where they are known. */
import { invalidToken } from './auth';
import { json, notFoundJson, type FakeResponse } from './http';

export const FAKE_FAILURE_STATUSES = [400, 401, 403, 404, 422, 429, 500, 502, 503] as const;
export type FakeFailureStatus = (typeof FAKE_FAILURE_STATUSES)[number];

/** Harvest's 403; `message` says why when the fake knows more than "not allowed" (e.g. a locked entry). */
export const forbidden = (message?: string): FakeResponse =>
  json(
    403,
    message === undefined
      ? { status: 403, error: 'Forbidden' }
      : { status: 403, error: 'Forbidden', message },
  );

const unavailablePage = (status: number): FakeResponse => ({
  status,
  html: `<!DOCTYPE html><html><head><title>Harvest is unavailable</title></head><body><h1>${status}</h1><p>We'll be back shortly.</p></body></html>`,
});

export function failureResponse(status: FakeFailureStatus, retryAfterSeconds?: number): FakeResponse {
  switch (status) {
    case 400:
      return json(400, { status: 400, error: 'Bad Request' });
    case 401:
      return invalidToken();
    case 403:
      return forbidden();
    case 404:
      return notFoundJson();
    case 422:
      return json(422, { message: 'Forced validation failure' });
    case 429:
      // A recorded live 429 had an empty text/html body and no Retry-After: that is the default here.
      return retryAfterSeconds === undefined
        ? { status: 429, html: '' }
        : json(
            429,
            { status: 429, error: 'Too Many Requests' },
            { 'Retry-After': String(retryAfterSeconds) },
          );
    case 500:
      return json(500, { status: 500, error: 'Internal Server Error' });
    case 502:
    case 503:
      return unavailablePage(status);
  }
}
