import { useCallback, useEffect, useState } from 'react';

/** The texts an agent types into a ticket that are kept as drafts (issue 26). */
export type DraftKind = 'note' | 'reply';

const PREFIX = 'helpdesk:draft';
const keyOf = (kind: DraftKind, ticketId: string) => `${PREFIX}:${kind}:${ticketId}`;

// Storage can be missing or full (private windows, quotas): a draft is then kept only on screen.
function read(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, text: string): void {
  try {
    if (text === '') window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, text);
  } catch {
    // Kept on screen only.
  }
}

/**
 * A note or reply being typed, kept per ticket in this browser (localStorage), so a reload, the same
 * ticket in another tab, or a session that expired and was signed in again finds it as it was left.
 * Setting it to '' (sent, or cleared) discards it. Another tab's typing shows here as it happens.
 */
export function useDraft(kind: DraftKind, ticketId: string): readonly [string, (text: string) => void] {
  const key = keyOf(kind, ticketId);
  const [text, setText] = useState(() => read(key));
  const change = useCallback(
    (next: string) => {
      setText(next);
      write(key, next);
    },
    [key],
  );
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === key) setText(event.newValue ?? '');
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [key]);
  return [text, change] as const;
}
