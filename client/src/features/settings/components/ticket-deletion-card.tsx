import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  MAX_TRASH_RETENTION_DAYS,
  TICKET_DELETION_ALLOWED,
  type TicketDeletionAllowed,
} from '@shared/constants';
import { DEFAULT_TICKET_DELETION } from '@shared/contracts/settings';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { SubmitForm } from '@/components/ui/submit-form';
import { useSaveTicketDeletionSetting, useTicketDeletionSetting } from '../api/ticket-deletion-setting';
import { notifyFailure, notifyInvalid, notifySuccess, SETTINGS_TOASTS } from '../lib/settings-toasts';

const ALLOWED_LABELS = {
  everyone: 'Everyone',
  admins: 'Admins Only',
} as const satisfies Record<TicketDeletionAllowed, string>;

/**
 * Who may delete tickets, and how many days the Trash keeps them before they are purged (issue 26).
 * Admins change it; everyone else reads it.
 */
export function TicketDeletionCard({ canManage }: { canManage: boolean }) {
  const { data } = useTicketDeletionSetting();
  const save = useSaveTicketDeletionSetting();
  const setting = data ?? DEFAULT_TICKET_DELETION;
  const [allowed, setAllowed] = useState<TicketDeletionAllowed>(setting.allowed);
  const [days, setDays] = useState(String(setting.retentionDays));
  const selectId = useId();
  // The saved values once they arrive (and after a save).
  useEffect(() => {
    setAllowed(setting.allowed);
    setDays(String(setting.retentionDays));
  }, [setting.allowed, setting.retentionDays]);

  const submit = () => {
    const retentionDays = Number(days);
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > MAX_TRASH_RETENTION_DAYS) {
      return notifyInvalid(`Days in Trash must be a whole number from 1 to ${MAX_TRASH_RETENTION_DAYS}`);
    }
    save.mutate(
      { allowed, retentionDays },
      {
        onSuccess: () => notifySuccess(SETTINGS_TOASTS.settingsSaved),
        onError: (error) => notifyFailure(SETTINGS_TOASTS.settingsFailed, error),
      },
    );
  };

  return (
    <SectionCard
      title="Ticket Deletion"
      description="Deleted tickets go to the Trash, where admins can restore them until they are purged."
      icon={Trash2}
    >
      {canManage ? (
        <SubmitForm onSubmit={submit}>
          <div className="space-y-2">
            <Label htmlFor={selectId}>Who May Delete</Label>
            <Select
              value={allowed}
              onValueChange={(value) =>
                setAllowed(TICKET_DELETION_ALLOWED.find((v) => v === value) ?? allowed)
              }
            >
              <SelectTrigger id={selectId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TICKET_DELETION_ALLOWED.map((option) => (
                  <SelectItem key={option} value={option}>
                    {ALLOWED_LABELS[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <TextField
            id="settings-trash-days"
            label="Days in Trash"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TRASH_RETENTION_DAYS}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            Save Deletion Settings
          </Button>
        </SubmitForm>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Who may delete</dt>
          <dd>{ALLOWED_LABELS[setting.allowed]}</dd>
          <dt className="text-muted-foreground">Days in Trash</dt>
          <dd>{setting.retentionDays}</dd>
        </dl>
      )}
    </SectionCard>
  );
}
