import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { useToast } from './use-toast';

let viewport: ComponentType | undefined;
const listeners = new Set<() => void>();

/** Loads the toast viewport's chunk (Radix Toast); the signed-in screens call it up front. */
export async function loadToaster(): Promise<void> {
  if (viewport) return;
  const module = await import('./toaster');
  viewport = module.Toaster;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The toast viewport, once its chunk has loaded: the sign-in page thus stays within its JavaScript
 * budget (scripts/bundle-budget.mjs) and loads the chunk with its first toast, which waits in the
 * toast store meanwhile. The signed-in screens, whose toasts may come right before a redirect (an
 * ended session), load it with their own code (client/src/app/signed-in-routes.tsx), so it is
 * mounted before any toast there.
 */
export function DeferredToaster() {
  const Viewport = useSyncExternalStore(subscribe, () => viewport);
  const { toasts } = useToast();
  const wanted = toasts.length > 0;
  useEffect(() => {
    if (wanted) void loadToaster();
  }, [wanted]);
  return Viewport ? <Viewport /> : null;
}
