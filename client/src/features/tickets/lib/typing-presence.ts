import { PRESENCE_TYPING_IDLE_MS } from '@shared/constants';

/**
 * Whether this tab's agent is writing a note or reply on a ticket (presence, issue 18): the note and
 * reply boxes report each keystroke, the update check reads it and tells the server. Typing stops
 * PRESENCE_TYPING_IDLE_MS after the last keystroke, or at once when the text is sent or cleared.
 */
const lastKeystroke = new Map<string, number>();
const startListeners = new Set<(ticketId: string) => void>();

export function isTyping(ticketId: string, now: number = Date.now()): boolean {
  const last = lastKeystroke.get(ticketId);
  return last !== undefined && now - last < PRESENCE_TYPING_IDLE_MS;
}

/** A keystroke in a note or reply box; empty text means the box was cleared. */
export function reportTyping(ticketId: string, text: string): void {
  if (text.trim() === '') {
    stopTyping(ticketId);
    return;
  }
  const wasTyping = isTyping(ticketId);
  lastKeystroke.set(ticketId, Date.now());
  // Tell colleagues now rather than at the next 7 s check.
  if (!wasTyping) for (const listener of startListeners) listener(ticketId);
}

export function stopTyping(ticketId: string): void {
  lastKeystroke.delete(ticketId);
}

/** Called when the agent starts typing on a ticket; returns the unsubscribe. */
export function onTypingStarted(listener: (ticketId: string) => void): () => void {
  startListeners.add(listener);
  return () => startListeners.delete(listener);
}
