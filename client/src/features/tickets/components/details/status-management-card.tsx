import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useMaySeeGroup } from '@/lib/groups';
import { useUpdateTicket } from '../../api/update-ticket';
import { PrivateGroupConfirm } from '../private-group-confirm';
import { AssigneeSelect } from './assignee-select';
import { DraftConflictBanner } from './draft-conflict-banner';
import { GroupSelect } from './group-select';
import { useOpenLoansConfirm } from './open-loans-confirm';
import { SectionCard } from '@/components/ui/section-card';
import { PrioritySelect } from './priority-select';
import { useStatusDraft } from './status-draft';
import { StatusSelect } from './status-select';
import type { TicketActionProps } from './ticket-action-props';
import { notifyTicketSaved, notifyTicketSaveFailed } from './ticket-save-feedback';
import { useReportUnsavedEdits } from './unsaved-edits';

/** Status, Assigned To and Priority (and the Group, issue 39), saved together by "Update Status" (spec §2). */
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
  const maySee = useMaySeeGroup();
  // The private group the draft moves the ticket into, while "Move to a Private Group?" is asked.
  const [asking, setAsking] = useState<string | null>(null);
  const openLoans = useOpenLoansConfirm(ticket.id);

  const send = () => {
    // Into a private group the user is not in (issue 39): once saved, the ticket is no longer theirs
    // to see (its reads answer 404), so the detail closes rather than waiting to say so.
    const outOfSight = changes.groupId !== undefined && !maySee(changes.groupId);
    return guardedSave(() =>
      update.mutate(
        { id: ticket.id, changes },
        {
          onSuccess: () => {
            notifyTicketSaved();
            if (changes.status === 'closed' || outOfSight) onTicketClosed();
          },
          onError: (error) => notifyTicketSaveFailed(error, surface),
        },
      ),
    );
  };

  // Whoever would lose sight of the ticket by this save is told first (issue 39).
  const save = () => {
    if (changes.groupId !== undefined && changes.groupId !== null && !maySee(changes.groupId)) {
      setAsking(changes.groupId);
      return;
    }
    // Closing with equipment still out asks first (issue 42).
    if (changes.status === 'closed') return openLoans.confirmClose(() => void send());
    void send();
  };

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
        <GroupSelect value={draft.groupId} onChange={(groupId) => change({ groupId })} />
        <Button className="w-full" onClick={save} disabled={unchanged || busy}>
          {update.isPending && <Spinner />}
          Update Status
        </Button>
        <PrivateGroupConfirm
          groupId={asking}
          move="one"
          onConfirm={() => void send()}
          onClose={() => setAsking(null)}
        />
        {openLoans.dialog}
      </div>
    </SectionCard>
  );
}
