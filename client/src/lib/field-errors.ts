import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';

/**
 * The server's first message for each field of a refused request (the 400's `fieldErrors`), by key
 * path ("value.timezone"): what a form puts beside the field. Empty for any other failure.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const messages: Record<string, string> = {};
  for (const [field, each] of Object.entries(error.body?.fieldErrors ?? {})) {
    if (Array.isArray(each) && typeof each[0] === 'string') messages[field] = each[0];
  }
  return messages;
}

/**
 * Focus on the first control of the form marked invalid (aria-invalid), so the person lands where the
 * fix is. `focusFirstInvalid()` asks for it; the effect runs after the render that drew the messages
 * set in the same handler (a frame or a timer could run before it).
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  const focusFirstInvalid = useCallback(() => setAsked((count) => count + 1), []);
  return { ref, focusFirstInvalid };
}
