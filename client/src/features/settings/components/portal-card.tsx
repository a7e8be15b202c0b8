import { Globe } from 'lucide-react';
import { useState } from 'react';
import {
  PORTAL_NEW_TICKET_LABELS,
  PORTAL_NEW_TICKET_MODES,
  type PortalNewTicketMode,
  type PortalSettings,
} from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { usePortalSettings, useSavePortalSettings } from '../api/portal-settings';
import {
  draftOfPortalSettings,
  portalAddress,
  portalSaveProblems,
  portalSettingsOf,
  type PortalSettingsDraft,
} from '../lib/portal-settings-form';
import { PORTAL_TEXTS as T } from '../lib/portal-texts';
import { notifyFailure, notifySuccess, serverMessageOf } from '../lib/settings-toasts';
import { CopyableLink } from './copyable-link';
import { SettingSwitch } from './setting-switch';

function PortalForm({ saved }: { saved: PortalSettings }) {
  const save = useSavePortalSettings();
  const [draft, setDraft] = useState<PortalSettingsDraft>(() => draftOfPortalSettings(saved));
  const [problems, setProblems] = useState<{ domains?: string; form?: string }>({});
  const change = (next: Partial<PortalSettingsDraft>) => setDraft((current) => ({ ...current, ...next }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblems({});
    save.mutate(portalSettingsOf(draft), {
      onSuccess: () => notifySuccess(T.saved),
      onError: (error) => {
        setProblems(portalSaveProblems(error));
        notifyFailure(T.saveFailed, error);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      {problems.form && (
        <p role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {problems.form}
        </p>
      )}
      <SettingSwitch
        label={T.enabled}
        hint={T.enabledHint}
        checked={draft.enabled}
        onToggle={() => change({ enabled: !draft.enabled })}
      />
      {/* The address of the saved setting: a portal switched on but not yet saved is not open. */}
      {saved.enabled && (
        <CopyableLink id="portal-address" label={T.address} url={portalAddress(window.location.origin)} />
      )}
      <FormField id="portal-new-tickets" label={T.newTickets}>
        <Select
          value={draft.newTickets}
          onValueChange={(next) => change({ newTickets: next as PortalNewTicketMode })}
        >
          {/* The modes' names are long: on a phone the chosen one wraps rather than being cut. */}
          <SelectTrigger
            id="portal-new-tickets"
            className="h-auto min-h-9 text-left whitespace-normal [&>span]:line-clamp-none"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PORTAL_NEW_TICKET_MODES.map((value) => (
              <SelectItem key={value} value={value}>
                {PORTAL_NEW_TICKET_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {draft.newTickets === 'domains' && (
        <FormField id="portal-domains" label={T.domains} error={problems.domains}>
          <Textarea
            {...fieldAria('portal-domains', problems.domains)}
            rows={3}
            placeholder="e.g. example.com"
            value={draft.domains}
            onChange={(event) => change({ domains: event.target.value })}
          />
          <p className="mt-1 text-sm text-muted-foreground">{T.domainsHint}</p>
        </FormField>
      )}
      <SettingSwitch
        label={T.csat}
        hint={T.csatHint}
        checked={draft.csat}
        onToggle={() => change({ csat: !draft.csat })}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {save.isPending ? T.saving : T.save}
      </Button>
    </form>
  );
}

/** Settings → Portal, for admins (issue 41): the requesters' portal, who opens tickets there, ratings. */
export function PortalCard() {
  const setting = usePortalSettings();
  useSessionExpiryRedirect(setting.error);
  return (
    <SectionCard title={T.title} icon={Globe} description={T.description}>
      {setting.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : setting.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(setting.error) ?? T.loadFailed}
        </p>
      ) : (
        <PortalForm key={setting.data.updatedAt ?? 'default'} saved={setting.data.value} />
      )}
    </SectionCard>
  );
}
