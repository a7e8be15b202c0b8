import { SlidersHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateTicket } from '../../api/update-ticket';
import { AssigneeSelect } from './assignee-select';
import { DraftConflictBanner } from './draft-conflict-banner';
import { SectionCard } from '@/components/ui/section-card';
import { PrioritySelect } from './priority-select';
import { useStatusDraft } from './status-draft';
import { StatusSelect } from './status-select';
import type { TicketActionProps } from './ticket-action-props';
import { notifyTicketSaved, notifyTicketSaveFailed } from './ticket-save-feedback';
import { useReportUnsavedEdits } from './unsaved-edits';

/** Status, Assigned To and Priority, saved together by "Update Status" (spec §2). */
export function StatusManagementCard({
  ticket,
  guardedSave,
  checking,
  draftResets,
  lastUpdater,
  onTicketClosed,
  surface,
}: TicketActionProps) {
  const { draft, change, changes, conflicts, resolve } = useStatusDraft(ticket, draftResets);
  const update = useUpdateTicket();
  const unchanged = Object.keys(changes).length === 0;
  useReportUnsavedEdits('Status Management', !unchanged);
  const busy = checking || update.isPending;

  const save = () =>
    guardedSave(() =>
      update.mutate(
        { id: ticket.id, changes },
        {
          onSuccess: () => {
            notifyTicketSaved();
            if (changes.status === 'closed') onTicketClosed();
          },
          onError: (error) => notifyTicketSaveFailed(error, surface),
        },
      ),
    );

  return (
    <SectionCard title="Status Management" icon={SlidersHorizontal}>
      <div className="space-y-4">
        <DraftConflictBanner
          ticket={ticket}
          updater={lastUpdater}
          conflicts={conflicts}
          onResolve={resolve}
        />
        <StatusSelect
          current={ticket.status}
          value={draft.status}
          onChange={(status) => change({ status })}
        />
        <AssigneeSelect
          ticket={ticket}
          value={draft.assignedTo}
          onChange={(assignedTo) => change({ assignedTo })}
        />
        <PrioritySelect value={draft.priority} onChange={(priority) => change({ priority })} />
        <Button className="w-full" onClick={() => void save()} disabled={unchanged || busy}>
          {update.isPending && <Spinner />}
          Update Status
        </Button>
      </div>
    </SectionCard>
  );
}
