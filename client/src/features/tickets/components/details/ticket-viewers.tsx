import { PenLine } from 'lucide-react';
import { PRESENCE_TEXTS, type TicketViewer } from '@shared/contracts/tickets';
import { noteAuthor } from '@shared/notes';
import { cn } from '@/lib/utils';

/**
 * Who else has this ticket open (presence, issue 18): an avatar with initials and "Priya is viewing",
 * or "Priya is typing..." while they write a note or reply. Nothing when the agent is alone. A polite
 * live region, so a screen reader hears a colleague arrive or start typing without losing its place.
 */
export function TicketViewers({ viewers }: { viewers: TicketViewer[] }) {
  return (
    <div aria-live="polite" className={cn(viewers.length === 0 && 'sr-only')}>
      {viewers.length > 0 && (
        <ul aria-label={PRESENCE_TEXTS.label} className="flex flex-wrap gap-2">
          {viewers.map((viewer) => (
            <ViewerChip key={viewer.id} viewer={viewer} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ViewerChip({ viewer }: { viewer: TicketViewer }) {
  const { userName, userInitials } = noteAuthor(viewer);
  const shortName = viewer.firstName?.trim() || userName;
  return (
    <li
      className={cn(
        'flex items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm',
        viewer.typing && 'border-primary',
      )}
      title={userName}
    >
      <span
        className="flex size-6 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary-strong"
        aria-hidden="true"
      >
        {userInitials}
      </span>
      <span>{viewer.typing ? PRESENCE_TEXTS.typing(shortName) : PRESENCE_TEXTS.viewing(shortName)}</span>
      {viewer.typing && <PenLine className="size-3.5 animate-pulse text-primary-strong" aria-hidden="true" />}
    </li>
  );
}
