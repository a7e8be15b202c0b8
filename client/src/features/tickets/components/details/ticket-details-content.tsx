import type { TicketDetail } from '@shared/contracts/tickets';
import type { UnauthorizedSurface } from '@/components/session-expiry';
import { useMarkTicketSeen } from '../../api/mark-ticket-seen';
import { ActivityLogCard } from './activity-log-card';
import { ConversationCard } from './conversation-card';
import { MergeButton } from './merge-button';
import { MergedBanner } from './merged-banner';
import { MessageCard } from './message-card';
import { NotesCard } from './notes-card';
import { ReplyCard } from './reply-card';
import { TicketActionsColumn } from './ticket-actions-column';
import { TicketCollisionDialog } from './ticket-collision-dialog';
import { SlaCard } from './sla-card';
import { TicketInformationCard } from './ticket-information-card';
import { TicketViewers } from './ticket-viewers';
import type { TicketActionProps } from './ticket-action-props';
import type { TicketCollisionGuard } from './use-ticket-collision-guard';

interface TicketDetailsContentProps {
  ticket: TicketDetail;
  guard: TicketCollisionGuard;
  onTicketClosed: () => void;
  surface: UnauthorizedSurface;
}

/** Both columns of the ticket detail, the same in the dialog and on the page (spec §2). */
export function TicketDetailsContent({ ticket, guard, onTicketClosed, surface }: TicketDetailsContentProps) {
  // Opening the ticket (and a reply arriving while it is open) clears its "New reply" for this agent.
  useMarkTicketSeen(ticket.id, ticket.lastMessageAt);
  const actionProps: TicketActionProps = {
    ticket,
    guardedSave: guard.guardedSave,
    checking: guard.checking,
    draftResets: guard.draftResets,
    lastUpdater: guard.lastUpdater,
    onTicketClosed,
    surface,
  };
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        {ticket.mergedIntoId && <MergedBanner targetId={ticket.mergedIntoId} />}
        <div className="flex flex-wrap items-start justify-between gap-2">
          <TicketViewers viewers={guard.viewers} />
          <div className="ml-auto">
            <MergeButton
              ticket={ticket}
              surface={surface}
              // The target opens on its own page: the dialog over the list closes first.
              onMerged={surface === 'dialog' ? onTicketClosed : () => undefined}
            />
          </div>
        </div>
        <TicketInformationCard {...actionProps} />
        <SlaCard sla={ticket.sla} />
        <MessageCard ticketId={ticket.id} bodyText={ticket.bodyText} />
        <ConversationCard ticketId={ticket.id} surface={surface} />
        {/* As wide as the conversation it answers, and on a phone right after it (issue 37). */}
        <ReplyCard {...actionProps} />
        <NotesCard ticket={ticket} />
        <ActivityLogCard ticket={ticket} />
      </div>
      <TicketActionsColumn {...actionProps} />
      <TicketCollisionDialog
        updater={guard.conflictUpdater}
        onCancelAndRefresh={guard.cancelAndRefresh}
        onContinueAnyway={guard.continueAnyway}
      />
    </div>
  );
}
