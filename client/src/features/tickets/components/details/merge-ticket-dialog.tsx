import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { DEFAULT_PAGE_SIZE } from '@shared/constants';
import { MERGE_TEXTS } from '@shared/contracts/ticket-merge';
import type { Ticket, TicketListItem } from '@shared/contracts/tickets';
import { ticketDetailsPath } from '@/lib/paths';
import { DialogActions, FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { handleUnauthorizedMutation, type UnauthorizedSurface } from '@/lib/session-expiry';
import { cn } from '@/lib/utils';
import { useTickets } from '../../api/get-tickets';
import { useMergeTicket } from '../../api/merge-tickets';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MergeComparison } from './merge-comparison';

const SEARCH_DEBOUNCE_MS = 300;

interface MergeTicketDialogProps {
  source: Ticket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surface: UnauthorizedSurface;
  /** After the merge: the detail shows the target instead. */
  onMerged: () => void;
}

/**
 * Merge: find the ticket to merge into by number or subject, see both side by side, confirm
 * ("Merge T-… into T-…? This cannot be undone."). The target then opens on its page.
 */
export function MergeTicketDialog({ source, open, onOpenChange, surface, onMerged }: MergeTicketDialogProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<TicketListItem | null>(null);
  const typed = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useTickets({ page: 1, limit: DEFAULT_PAGE_SIZE, search: typed || undefined });
  const merge = useMergeTicket();
  const [, navigate] = useLocation();
  const candidates = typed
    ? (found.data?.tickets ?? []).filter((ticket) => ticket.id !== source.id && ticket.mergedIntoId === null)
    : [];

  const reset = (next: boolean) => {
    if (!next) {
      setSearch('');
      setTarget(null);
    }
    onOpenChange(next);
  };

  const confirm = () => {
    if (!target) return;
    merge.mutate(
      { sourceId: source.id, targetId: target.id },
      {
        onSuccess: () => {
          toast({ title: MERGE_TEXTS.merged(source.ticketNumber, target.ticketNumber) });
          reset(false);
          onMerged();
          navigate(ticketDetailsPath(target.id));
        },
        onError: (error) => {
          if (handleUnauthorizedMutation(error, surface)) return;
          toast({
            variant: 'destructive',
            title: MERGE_TEXTS.failed,
            description: error instanceof ApiError ? error.serverMessage : undefined,
          });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={reset}
      className="max-w-3xl"
      title={MERGE_TEXTS.dialogTitle}
      description={MERGE_TEXTS.dialogDescription}
    >
      {target ? (
        <div className="space-y-4">
          <MergeComparison source={source} target={target} />
          <p className="font-medium" role="alert">
            {MERGE_TEXTS.confirm(source.ticketNumber, target.ticketNumber)}
          </p>
        </div>
      ) : (
        <div className="space-y-3">
          <Label htmlFor={searchId}>{MERGE_TEXTS.findLabel}</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            placeholder={MERGE_TEXTS.findPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
          {typed && found.isFetching && candidates.length === 0 ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Searching...
            </p>
          ) : typed && candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground">{MERGE_TEXTS.noMatches}</p>
          ) : (
            <ul className="max-h-72 divide-y overflow-y-auto rounded-md border" aria-label="Matching tickets">
              {candidates.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    className={cn(
                      'flex w-full flex-col gap-0.5 px-3 py-2 text-left text-sm hover:bg-accent',
                      'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden focus-visible:ring-inset',
                    )}
                    onClick={() => setTarget(ticket)}
                  >
                    <span className="font-medium break-words">
                      {ticket.ticketNumber} · {ticket.subject}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {ticket.fromName || ticket.fromEmail} · {ticket.status.replace(/_/g, ' ')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <DialogActions
        cancelLabel={target ? 'Back' : 'Cancel'}
        onCancel={() => (target ? setTarget(null) : reset(false))}
        // The merge is offered once a ticket to merge into is picked.
        submitLabel={target ? (merge.isPending ? MERGE_TEXTS.merging : MERGE_TEXTS.button) : undefined}
        onSubmit={confirm}
        pending={merge.isPending}
      />
    </FormDialog>
  );
}
