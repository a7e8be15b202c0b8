import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '@/lib/api-client';
import { PORTAL_HOME } from './portal-paths';

export type Loaded<T> =
  { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'done'; data: T };

interface Result<T> {
  key: string;
  attempt: number;
  loaded: Loaded<T>;
}

export const isStatus = (error: unknown, status: number) =>
  error instanceof ApiError && error.status === status;

/** A 401 on a signed-in page: the session ended (expired, signed out elsewhere), so back to sign-in. */
export function useSessionLost() {
  const [, navigate] = useLocation();
  return useCallback(() => navigate(PORTAL_HOME, { replace: true }), [navigate]);
}

/**
 * What a page shows from the API: loading, the failure, or the data. It loads again when `key`
 * changes (a new tab, page or id) and on `retry`; `refresh` loads again behind the data shown, and
 * `update` changes the data in place (a reply just sent). The portal has no query cache: its pages
 * are few and small, and react-query would add over 10 KB gzip to its first page.
 *
 * With `signedIn`, a 401 sends the requester back to /portal.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  { signedIn = false } = {},
) {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const sessionLost = useSessionLost();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T>>();

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => setResult({ key, attempt, loaded: { state: 'done', data } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (signedIn && isStatus(error, 401)) sessionLost();
        else setResult({ key, attempt, loaded: { state: 'error', error } });
      },
    );
    return () => controller.abort();
  }, [key, attempt, signedIn, sessionLost]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setResult((current) =>
        current?.loaded.state === 'done'
          ? { ...current, loaded: { state: 'done', data: change(current.loaded.data) } }
          : current,
      ),
    [],
  );
  const refresh = useCallback(async () => {
    try {
      const data = await loadRef.current(new AbortController().signal);
      update(() => data);
    } catch {
      // The data shown stays; the next load says what is wrong.
    }
  }, [update]);

  const loaded: Loaded<T> =
    result && result.key === key && result.attempt === attempt ? result.loaded : { state: 'loading' };
  return { loaded, retry, update, refresh };
}
