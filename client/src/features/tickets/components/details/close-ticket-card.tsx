import { CircleCheckBig } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TIME_LIMITS, type CloseTicketInput } from '@shared/contracts/time';
import { HoursField } from '@/components/hours-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomFieldValues } from '@shared/contracts/ticket-fields';
import { TICKET_FIELDS_KEY } from '@/lib/ticket-fields';
import { useCloseTicket } from '../../api/close-ticket';
import { useUpdateTicket } from '../../api/update-ticket';
import { customFieldErrors } from '../../lib/custom-field-errors';
import { serverFieldErrors, useFocusFirstInvalid } from '@/lib/field-errors';
import { todayLocalDate } from '@/lib/local-date';
import { checkCloseTicket, closeFieldErrors, type CloseTicketFieldErrors } from './close-ticket-input';
import {
  notifyCloseFailed,
  notifyCloseInvalid,
  notifyMissingInformation,
  notifyTicketClosed,
} from './close-ticket-feedback';
import { CloseTicketFields } from './close-ticket-fields';
import { CloseTicketPickers } from './close-ticket-pickers';
import { useOpenLoansConfirm } from './open-loans-confirm';
import { CloseTicketTimer } from './close-ticket-timer';
import { SectionCard } from '@/components/ui/section-card';
import type { TicketActionProps } from './ticket-action-props';
import { chosenNames, useCloseTicketPickers } from './use-close-ticket-pickers';
import { useCloseTicketFields } from './use-close-ticket-fields';
import { useReportUnsavedEdits } from './unsaved-edits';

/**
 * Close & Track Time (spec §2, §4, §5): the time spent goes to Harvest under the chosen project and
 * task, and the ticket closes. Saves through `guardedSave`, after the check for someone else's change.
 */
export function CloseTicketCard({
  ticket,
  guardedSave,
  checking,
  onTicketClosed,
  surface,
}: TicketActionProps) {
  const id = useId();
  const pickers = useCloseTicketPickers();
  const [timeSpent, setTimeSpent] = useState('');
  const [notes, setNotes] = useState('');
  // Issue 38: the fields required to close that the ticket lacks, filled in here.
  const fields = useCloseTicketFields(ticket.customFields);
  // Typed hours (or a stopped timer's) and notes would be lost with the dialog: it asks first.
  useReportUnsavedEdits('Close Ticket', timeSpent !== '' || notes.trim() !== '' || fields.typed);
  const [errors, setErrors] = useState<CloseTicketFieldErrors>({});
  const close = useCloseTicket();
  const update = useUpdateTicket();
  const queryClient = useQueryClient();
  const busy = checking || close.isPending || update.isPending;
  const focus = useFocusFirstInvalid();
  const openLoans = useOpenLoansConfirm(ticket.id);

  /** The message was about the old value; the next Close checks the new one. */
  const clearErrors = (...fields: (keyof CloseTicketFieldErrors)[]) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key as never))),
    );

  // mutateAsync, not mutate's callbacks: this card unmounts once the ticket reads closed, and
  // callbacks given to mutate never run after their component is gone.
  /** The fields' values go first (PUT {customFields}), as closing checks them; false when refused. */
  const saveFields = async (values: CustomFieldValues) => {
    if (Object.keys(values).length === 0) return true;
    try {
      await update.mutateAsync({ id: ticket.id, changes: { customFields: values } });
      return true;
    } catch (error) {
      fields.setErrors(customFieldErrors(error));
      focus.focusFirstInvalid();
      notifyCloseFailed(error, surface);
      return false;
    }
  };

  const runClose = async (input: CloseTicketInput, values: CustomFieldValues) => {
    if (!(await saveFields(values))) return;
    try {
      const result = await close.mutateAsync({ id: ticket.id, input });
      notifyTicketClosed(result.harvestSync);
      onTicketClosed();
    } catch (error) {
      // The server's per-field reasons beside the fields (what no field shows stays in the toast only).
      const { other: _other, ...beside } = closeFieldErrors(Object.entries(serverFieldErrors(error)));
      // A field required to close since the fields were read: read them again, so the card asks for it.
      const custom = customFieldErrors(error);
      if (Object.keys(custom).length > 0) void queryClient.invalidateQueries({ queryKey: TICKET_FIELDS_KEY });
      fields.setErrors(custom);
      if (Object.keys(beside).length > 0) setErrors(beside);
      if (Object.keys(beside).length > 0 || Object.keys(custom).length > 0) focus.focusFirstInvalid();
      notifyCloseFailed(error, surface);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const draft = { timeSpent, projectId: pickers.projectId, taskId: pickers.taskId, notes };
    const check = checkCloseTicket(draft, todayLocalDate());
    const custom = fields.check();
    const customRefused = Object.keys(custom.errors).length > 0;
    setErrors(check.kind === 'ok' ? {} : check.errors);
    if (check.kind !== 'ok' || customRefused) focus.focusFirstInvalid();
    // The spec's toast stays; the messages beside the fields say which are missing.
    if (check.kind === 'missing') return notifyMissingInformation();
    if (check.kind === 'invalid') {
      if (check.errors.other) notifyCloseInvalid(check.errors.other);
      return;
    }
    // The same toast for a custom field required to close, naming it (issue 38).
    if (custom.empty.length > 0) return notifyMissingInformation(custom.empty);
    if (customRefused) return;
    // Closing with equipment still out asks first (issue 42).
    openLoans.confirmClose(() => void guardedSave(() => runClose(check.input, custom.values)));
  };

  return (
    <SectionCard title="Close Ticket" icon={CircleCheckBig}>
      <form ref={focus.ref} noValidate onSubmit={submit} className="space-y-4">
        <HoursField
          id={`${id}-time`}
          label="Time Spent (hours)"
          value={timeSpent}
          onChange={(event) => {
            setTimeSpent(event.target.value);
            clearErrors('timeSpent');
          }}
          error={errors.timeSpent}
        />
        <CloseTicketTimer
          ticketId={ticket.id}
          surface={surface}
          draft={{ timeSpent, ...chosenNames(pickers), notes }}
          onHours={(hours) => {
            setTimeSpent(String(hours));
            clearErrors('timeSpent');
          }}
        />
        <CloseTicketPickers
          {...pickers}
          chooseProject={(projectId) => {
            pickers.chooseProject(projectId);
            clearErrors('projectId', 'taskId');
          }}
          chooseTask={(taskId) => {
            pickers.chooseTask(taskId);
            clearErrors('taskId');
          }}
          idPrefix={id}
          errors={{ project: errors.projectId, task: errors.taskId }}
        />
        <CloseTicketFields
          idPrefix={id}
          fields={fields.missing}
          draftFor={fields.draftFor}
          onChange={fields.change}
          errors={fields.errors}
        />
        <div className="space-y-2">
          <Label htmlFor={`${id}-notes`}>Resolution Notes</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            onChange={(event) => {
              setNotes(event.target.value);
              clearErrors('notes');
            }}
            placeholder="How was the ticket resolved?"
            maxLength={TIME_LIMITS.notes}
            rows={3}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? `${id}-notes-error` : undefined}
          />
          {errors.notes && (
            <p id={`${id}-notes-error`} className="text-sm text-destructive">
              {errors.notes}
            </p>
          )}
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {(close.isPending || update.isPending) && <Spinner />}
          Close &amp; Track Time
        </Button>
      </form>
      {openLoans.dialog}
    </SectionCard>
  );
}
