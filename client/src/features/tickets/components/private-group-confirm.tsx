import { GROUP_TEXTS as TEXTS } from '@shared/contracts/groups';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { groupName, useGroupChoices } from '@/lib/groups';
import { useRetainedValue } from '@/lib/use-retained-value';

/** What the move does: one ticket moved (Status Management), several (the bulk bar), or a new one. */
export type PrivateGroupMove = 'one' | 'many' | 'create';

const WORDS = {
  one: { title: TEXTS.privateMoveTitle, text: TEXTS.privateMoveText, confirm: TEXTS.moveTicket },
  many: { title: TEXTS.privateMoveTitle, text: TEXTS.privateMoveManyText, confirm: TEXTS.moveTickets },
  create: { title: TEXTS.privateCreateTitle, text: TEXTS.privateCreateText, confirm: TEXTS.createTicket },
} as const;

interface PrivateGroupConfirmProps {
  /** The private group chosen, while the question is open; null closes it. */
  groupId: string | null;
  move: PrivateGroupMove;
  /** Move Ticket(s) or Create Ticket: the change goes ahead (onClose follows, as the dialog closes). */
  onConfirm: () => void;
  /** The dialog closes: after the confirm, or on Cancel, Escape or the overlay (nothing then moves). */
  onClose: () => void;
}

/**
 * Issue 39 "Private groups": whoever would lose sight of a ticket by their own move is told before
 * confirming. Asked when the group chosen is private and the user is not one of its members (nor an
 * admin); the callers decide that with useMaySeeGroup.
 */
export function PrivateGroupConfirm({ groupId, move, onConfirm, onClose }: PrivateGroupConfirmProps) {
  const groups = useGroupChoices();
  // The question keeps naming the group while the dialog animates closed.
  const shownId = useRetainedValue(groupId);
  const words = WORDS[move];
  return (
    <ConfirmDialog
      open={groupId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={words.title}
      description={shownId === null ? '' : words.text(groupName(groups, shownId))}
      cancelLabel={TEXTS.cancel}
      confirmLabel={words.confirm}
      onConfirm={onConfirm}
    />
  );
}
