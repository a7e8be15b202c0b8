import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { LOAN_SETTINGS_TEXTS as T, type LoanSettings } from '@shared/contracts/loan-settings';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useLoanSettings, useSaveLoanSettings } from '../api/loan-settings';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { SettingSwitch } from './setting-switch';

function LoanSettingsForm({ saved }: { saved: LoanSettings }) {
  const save = useSaveLoanSettings();
  const [draft, setDraft] = useState<LoanSettings>(saved);
  const toggle = (field: keyof LoanSettings) =>
    setDraft((current) => ({ ...current, [field]: !current[field] }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => notifySuccess(T.saved),
      onError: (error) => notifyFailure(T.saveFailed, error),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <SettingSwitch
        label={T.reopen}
        hint={T.reopenHint}
        checked={draft.reopenWhenOverdue}
        onToggle={() => toggle('reopenWhenOverdue')}
      />
      <SettingSwitch
        label={T.remind}
        hint={T.remindHint}
        checked={draft.remindRequester}
        onToggle={() => toggle('remindRequester')}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {save.isPending ? T.saving : T.save}
      </Button>
    </form>
  );
}

/** Settings → Tickets → Loans, for admins (issue 42): what an overdue loan does beyond its note. */
export function LoanSettingsCard() {
  const setting = useLoanSettings();
  useSessionExpiryRedirect(setting.error);
  return (
    <SectionCard title={T.title} icon={CalendarClock} description={T.description}>
      {setting.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : setting.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(setting.error) ?? T.loadFailed}
        </p>
      ) : (
        // A save (a new updatedAt) starts the form again from what was stored.
        <LoanSettingsForm key={setting.data.updatedAt ?? 'default'} saved={setting.data.value} />
      )}
    </SectionCard>
  );
}
