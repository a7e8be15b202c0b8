import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/constants';
import type { ToastActionElement, ToastProps } from './toast';

/**
 * A tiny toast store outside React (the shadcn/ui pattern), so any module can call `toast()`
 * without a hook; the Toaster subscribes to it.
 */
export interface ToasterToast extends Omit<ToastProps, 'title'> {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
}

export type ToastInput = Omit<ToasterToast, 'id'>;

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: 'add'; toast: ToasterToast }
  | { type: 'update'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'dismiss'; toastId?: string }
  | { type: 'remove'; toastId?: string };

let count = 0;
function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** A dismissed toast stays in the store (closed) until its exit is long over, then it is dropped. */
function scheduleRemoval(toastId: string) {
  if (removalTimers.has(toastId)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(toastId);
    dispatch({ type: 'remove', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(toastId, timer);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss': {
      const { toastId } = action;
      return {
        toasts: state.toasts.map((t) =>
          toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
        ),
      };
    }
    case 'remove':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  if (action.type === 'dismiss') {
    for (const t of memoryState.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
    }
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'dismiss', toastId: id });
  const update = (props: Partial<ToastInput>) => dispatch({ type: 'update', toast: { ...props, id } });
  dispatch({
    type: 'add',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => memoryState;

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    ...state,
    toast,
    dismiss: (toastId?: string) => dispatch({ type: 'dismiss', toastId }),
  };
}
