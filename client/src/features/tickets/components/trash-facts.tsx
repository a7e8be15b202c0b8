import { trashPurgeTime } from '@shared/contracts/settings';
import type { TicketListItem } from '@shared/contracts/tickets';
import { TableCell } from '@/components/ui/table';
import { useAllUsers } from '@/lib/users';
import { fullName } from '@/lib/utils';
import { useTicketDeletionSetting } from '../api/get-ticket-deletion-setting';

/** The Trash's own columns (issue 37), after the ticket's number, subject, requester and badges. */
export const TRASH_COLUMNS = ['Deleted By', 'Deleted At', 'Purged On'] as const;

const deletedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const purgedOnFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface TrashFacts {
  deletedBy: string;
  deletedAt: { iso: string; text: string };
  purgedOn: { iso: string; text: string };
}

/**
 * Who moved the ticket to the Trash, when, and when the purge takes it for good. A ticket in the
 * Trash cannot be changed, so its last change (lastUpdatedBy) is its deletion; deactivated accounts
 * are named too. The day it goes follows the Ticket Deletion setting's days in the Trash.
 */
function useTrashFacts(ticket: TicketListItem): TrashFacts | null {
  const { retentionDays } = useTicketDeletionSetting();
  const { data: users } = useAllUsers();
  if (!ticket.deletedAt) return null;
  const deleter = users?.find((user) => user.id === ticket.lastUpdatedBy);
  const purgeTime = trashPurgeTime(ticket.deletedAt, retentionDays);
  return {
    deletedBy: deleter ? fullName(deleter.firstName, deleter.lastName) : '—',
    deletedAt: { iso: ticket.deletedAt, text: deletedAtFormat.format(new Date(ticket.deletedAt)) },
    purgedOn: { iso: purgeTime.toISOString(), text: purgedOnFormat.format(purgeTime) },
  };
}

/** The three cells of a Trash row in the table. */
export function TrashCells({ ticket }: { ticket: TicketListItem }) {
  const facts = useTrashFacts(ticket);
  return (
    <>
      {/* These two may wrap: with the ticket's own columns, the Trash fits 1280 px without scrolling. */}
      <TableCell className="min-w-24">{facts?.deletedBy ?? '—'}</TableCell>
      <TableCell className="min-w-24 text-muted-foreground">
        {facts && <time dateTime={facts.deletedAt.iso}>{facts.deletedAt.text}</time>}
      </TableCell>
      <TableCell className="whitespace-nowrap text-muted-foreground">
        {facts && <time dateTime={facts.purgedOn.iso}>{facts.purgedOn.text}</time>}
      </TableCell>
    </>
  );
}

/** The same facts as a line of a phone card. */
export function TrashCardFacts({ ticket }: { ticket: TicketListItem }) {
  const facts = useTrashFacts(ticket);
  if (!facts) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Deleted by {facts.deletedBy} on <time dateTime={facts.deletedAt.iso}>{facts.deletedAt.text}</time> ·
      purged on <time dateTime={facts.purgedOn.iso}>{facts.purgedOn.text}</time>
    </p>
  );
}
