import { useEffect, useRef } from 'react';

/**
 * Keyboard shortcuts: the one list of them (the "?" dialog shows exactly this), the matching of key
 * presses to actions, and the registry through which the screen on show performs an action. The app
 * shell listens for keys (components/layout/use-keyboard-shortcuts.ts); a feature that owns an
 * action registers its handler with useShortcut while it is mounted.
 */

export type ShortcutAction =
  | 'focusSearch'
  | 'newTicket'
  | 'showShortcuts'
  | 'goDashboard'
  | 'goTickets'
  | 'nextTicket'
  | 'previousTicket'
  | 'openTicket'
  | 'selectTicket';

export interface Shortcut {
  /** Alternatives (Enter or o); each is a sequence of `KeyboardEvent.key` values pressed in turn. */
  keys: readonly (readonly string[])[];
  description: string;
  /** None: the key works through the component itself (Escape closes dialogs in Radix). */
  action?: ShortcutAction;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: readonly Shortcut[];
}

export const SHORTCUT_GROUPS: readonly ShortcutGroup[] = [
  {
    title: 'General',
    shortcuts: [
      { keys: [['/']], action: 'focusSearch', description: 'Focus the search box' },
      { keys: [['c']], action: 'newTicket', description: 'New ticket' },
      { keys: [['?']], action: 'showShortcuts', description: 'Show keyboard shortcuts' },
      { keys: [['Escape']], description: 'Close a dialog' },
    ],
  },
  {
    title: 'Go To',
    shortcuts: [
      { keys: [['g', 'd']], action: 'goDashboard', description: 'Dashboard' },
      { keys: [['g', 't']], action: 'goTickets', description: 'All Tickets' },
    ],
  },
  {
    title: 'Ticket List',
    shortcuts: [
      { keys: [['j']], action: 'nextTicket', description: 'Next ticket' },
      { keys: [['k']], action: 'previousTicket', description: 'Previous ticket' },
      { keys: [['Enter'], ['o']], action: 'openTicket', description: 'Open the focused ticket' },
      { keys: [['x']], action: 'selectTicket', description: 'Select the focused ticket for bulk actions' },
    ],
  },
];

/** The second key of a sequence ("g" then "d") counts only this soon after the first. */
export const SEQUENCE_TIMEOUT_MS = 1_000;

interface Binding {
  keys: readonly string[];
  action: ShortcutAction;
}

const BINDINGS: readonly Binding[] = SHORTCUT_GROUPS.flatMap((group) =>
  group.shortcuts.flatMap(({ keys, action }) =>
    action ? keys.map((sequence) => ({ keys: sequence, action })) : [],
  ),
);

const startsWith = (keys: readonly string[], prefix: readonly string[]) =>
  prefix.length <= keys.length && prefix.every((key, index) => keys[index] === key);

/**
 * Turns key presses into actions. A key that begins a sequence answers 'pending' and waits for the
 * next one; a next key that does not complete the sequence counts on its own.
 */
export function createShortcutMatcher(): (key: string, now: number) => ShortcutAction | 'pending' | null {
  let pending: { keys: readonly string[]; at: number } | null = null;
  return (key, now) => {
    const prefix = pending && now - pending.at <= SEQUENCE_TIMEOUT_MS ? pending.keys : [];
    pending = null;
    const candidates = prefix.length > 0 ? [[...prefix, key], [key]] : [[key]];
    for (const keys of candidates) {
      const exact = BINDINGS.find(
        (binding) => startsWith(binding.keys, keys) && binding.keys.length === keys.length,
      );
      if (exact) return exact.action;
      if (BINDINGS.some((binding) => startsWith(binding.keys, keys))) {
        pending = { keys, at: now };
        return 'pending';
      }
    }
    return null;
  };
}

/** Returns false when it did nothing with the key, which then does what it would have done anyway. */
export type ShortcutHandler = () => boolean | void;

/** The handlers of each action, newest last: the most recently mounted owner performs it. */
const handlers = new Map<ShortcutAction, ShortcutHandler[]>();

/** An action asked for before its owner was on screen (New Ticket from another page). */
let queued: { action: ShortcutAction; at: number } | null = null;
const QUEUE_TIMEOUT_MS = 5_000;

/** Performs the action through its current owner; false when no owner is mounted or it declined. */
export function runShortcut(action: ShortcutAction): boolean {
  const owners = handlers.get(action);
  const handler = owners?.[owners.length - 1];
  return handler !== undefined && handler() !== false;
}

/** Performs the action as soon as an owner of it mounts (within a few seconds). */
export function queueShortcut(action: ShortcutAction): void {
  queued = { action, at: Date.now() };
}

/** Makes the calling component the owner of `action` while it is mounted. */
export function useShortcut(action: ShortcutAction, handler: ShortcutHandler): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const run: ShortcutHandler = () => latest.current();
    handlers.set(action, [...(handlers.get(action) ?? []), run]);
    if (queued?.action === action) {
      const fresh = Date.now() - queued.at <= QUEUE_TIMEOUT_MS;
      queued = null;
      if (fresh) run();
    }
    return () => {
      handlers.set(
        action,
        (handlers.get(action) ?? []).filter((owner) => owner !== run),
      );
    };
  }, [action]);
}
