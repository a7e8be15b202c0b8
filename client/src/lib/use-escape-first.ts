import { useEffect, useRef, type RefObject } from 'react';

/**
 * While `active`, Escape pressed in `target` runs `onEscape` and goes no further. A dialog closes on
 * Escape from a listener on the document (Radix, capture phase); a capture listener on the window
 * runs before it, so a suggestion list inside a dialog closes alone, and the dialog stays.
 */
export function useEscapeFirst(
  active: boolean,
  target: RefObject<HTMLElement | null>,
  onEscape: () => void,
): void {
  const handler = useRef(onEscape);
  useEffect(() => {
    handler.current = onEscape;
  });
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== target.current) return;
      event.stopPropagation();
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [active, target]);
}
