/**
 * Runs `work` once the browser has nothing more urgent to do (requestIdleCallback; a plain task where
 * it is missing, as in Safari), and answers a function that cancels it if it has not run yet.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work);
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 0);
  return () => window.clearTimeout(handle);
}
