import { Info } from 'lucide-react';
import type { HarvestListSource } from '@shared/contracts/harvest';

interface HarvestFallbackNoteProps {
  source: HarvestListSource | undefined;
  /** The server's reason, e.g. "Harvest is not configured: showing the default projects". */
  message: string | undefined;
}

const GENERIC_FALLBACK_MESSAGE = 'Harvest is unavailable: showing the default projects';

/**
 * A quiet line under the pickers when the server offers its fixed default lists instead of Harvest's:
 * time logged against them may not match the real Harvest account.
 */
export function HarvestFallbackNote({ source, message }: HarvestFallbackNoteProps) {
  if (source !== 'fallback') return null;
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{message ?? GENERIC_FALLBACK_MESSAGE}</span>
    </p>
  );
}
