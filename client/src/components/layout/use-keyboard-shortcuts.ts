import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import {
  createShortcutMatcher,
  queueShortcut,
  runShortcut,
  type ShortcutAction,
} from '@/lib/keyboard-shortcuts';
import { HEADER_SEARCH_ID } from './header-search';

/** Inputs that take no typed text: keys pressed on them are free for shortcuts. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color']);

/** Widgets that use letter keys themselves (type-ahead, menus): keys pressed in them are theirs. */
const KEY_OWNING_WIDGETS =
  '[role="combobox"],[role="listbox"],[role="textbox"],[role="searchbox"],[role="spinbutton"],[role="menu"],[role="menubar"],[role="slider"]';

/** A focused control whose own Enter must keep working (a button, a link, a checkbox). */
const ENTER_OWNING_CONTROLS =
  'a[href],button,input,select,textarea,summary,[role="button"],[role="link"],[role="checkbox"],[role="switch"],[role="tab"],[role="menuitem"],[role="option"],[contenteditable]';

function takesTypedKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return target.closest(KEY_OWNING_WIDGETS) !== null;
}

/** Any dialog (or alert dialog, or popover) on screen owns the keyboard; its own keys still work. */
const dialogOpen = () => document.querySelector('[role="dialog"],[role="alertdialog"]') !== null;

/** Held keys repeat only the moves through the list. */
const REPEATABLE = new Set<ShortcutAction>(['nextTicket', 'previousTicket']);

/**
 * The shell's one keydown listener. Keys are shortcuts only when focus is not in a text field or a
 * widget that types (select, combobox, menu), no dialog is open and no Ctrl, Meta or Alt is held:
 * anything else passes through untouched. The shell performs the actions it owns (search, the
 * shortcuts dialog, going to a page); the rest go to the feature on screen that registered them.
 */
export function useKeyboardShortcuts({ onShowShortcuts }: { onShowShortcuts: () => void }): void {
  const [, navigate] = useLocation();

  useEffect(() => {
    const match = createShortcutMatcher();

    const perform = (action: ShortcutAction): boolean => {
      switch (action) {
        case 'focusSearch': {
          const search = document.getElementById(HEADER_SEARCH_ID);
          search?.focus();
          return search !== null;
        }
        case 'showShortcuts':
          onShowShortcuts();
          return true;
        case 'goDashboard':
          navigate(paths.home);
          return true;
        case 'goTickets':
          navigate(paths.tickets);
          return true;
        case 'newTicket':
          // A page without the ticket list's New Ticket: open it on the tickets page.
          if (runShortcut(action)) return true;
          queueShortcut(action);
          navigate(paths.tickets);
          return true;
        default:
          return runShortcut(action);
      }
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (takesTypedKeys(event.target) || dialogOpen()) return;
      if (
        event.key === 'Enter' &&
        event.target instanceof Element &&
        event.target.matches(ENTER_OWNING_CONTROLS)
      ) {
        return;
      }
      const action = match(event.key, event.timeStamp);
      if (action === null || action === 'pending') return;
      if (event.repeat && !REPEATABLE.has(action)) return;
      // Handled: the key does nothing else ("/" is not typed into the search box it focuses).
      if (perform(action)) event.preventDefault();
    };

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate, onShowShortcuts]);
}
