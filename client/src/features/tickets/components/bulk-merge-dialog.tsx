import { useId, useState } from 'react';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import type { TicketListItem } from '@shared/contracts/tickets';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { formatTimestamp } from './details/format-timestamp';

interface BulkMergeDialogProps {
  /** The selected tickets (two or more). */
  tickets: readonly TicketListItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: (targetId: string) => void;
}

const oldestOf = (tickets: readonly TicketListItem[]) =>
  [...tickets].sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];

/** The bulk bar's Merge: pick the ticket the others go into (the oldest unless chosen), then confirm. */
export function BulkMergeDialog({ tickets, open, onOpenChange, pending, onConfirm }: BulkMergeDialogProps) {
  const name = useId();
  const oldest = oldestOf(tickets);
  const [chosen, setChosen] = useState<string | null>(null);
  const targetId = chosen && tickets.some((ticket) => ticket.id === chosen) ? chosen : oldest?.id;
  const target = tickets.find((ticket) => ticket.id === targetId);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setChosen(null);
        onOpenChange(next);
      }}
      className="max-w-xl"
      title={MERGE_TEXTS.dialogTitle}
      description={MERGE_TEXTS.bulkDescription}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">{MERGE_TEXTS.mergeInto}</legend>
        {tickets.map((ticket) => (
          <label
            key={ticket.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name={name}
              className="mt-1"
              checked={ticket.id === targetId}
              onChange={() => setChosen(ticket.id)}
            />
            <span className="min-w-0 space-y-0.5">
              <span className="block font-medium break-words">
                {ticket.ticketNumber} · {ticket.subject}
              </span>
              <span className="block text-xs text-muted-foreground">
                {formatTimestamp(ticket.createdAt)}
                {ticket.id === oldest?.id ? ` (${MERGE_TEXTS.oldest})` : ''}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {target && (
        <p className="font-medium" role="alert">
          {MERGE_TEXTS.confirmMany(tickets.length - 1, target.ticketNumber)}
        </p>
      )}
      <DialogActions
        cancelLabel="Cancel"
        onCancel={() => onOpenChange(false)}
        submitLabel={pending ? MERGE_TEXTS.merging : MERGE_TEXTS.button}
        onSubmit={() => targetId && onConfirm(targetId)}
        pending={pending}
        disabled={!targetId}
      />
    </FormDialog>
  );
}
