import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { REGISTRATION_MODES, type RegistrationMode } from '@shared/constants';
import { REGISTRATION_MODE_LABELS, type RegistrationSettings } from '@shared/contracts/registration-settings';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldAria, FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/components/ui/section-card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { useRegistrationSettings } from '../api/get-registration-settings';
import { useSaveRegistrationSettings } from '../api/save-registration-settings';
import { REGISTRATION_TEXTS as T } from '../lib/registration-texts';
import { notifyFailure, notifySuccess, serverMessageOf, SETTINGS_TOASTS } from '../lib/settings-toasts';

/** "a.com, b.org" or one per line, as typed, into the list the server takes (it checks each). */
const parseDomains = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);

function RegistrationForm({ saved }: { saved: RegistrationSettings }) {
  const save = useSaveRegistrationSettings();
  const [mode, setMode] = useState<RegistrationMode>(saved.mode);
  const [domains, setDomains] = useState(saved.allowedDomains.join('\n'));
  const [domainsError, setDomainsError] = useState<string>();
  const [requireTotp, setRequireTotp] = useState(saved.requireTotp);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setDomainsError(undefined);
    save.mutate(
      // requireTotp is kept as saved: two-step sign-in has its own switch.
      {
        mode,
        allowedDomains: mode === 'domains' ? parseDomains(domains) : [],
        requireTotp: saved.requireTotp,
      },
      {
        onSuccess: () => notifySuccess(SETTINGS_TOASTS.settingsSaved),
        onError: (error) => {
          const fieldErrors = error instanceof ApiError ? error.body?.fieldErrors : undefined;
          const domainError = Object.entries(fieldErrors ?? {}).find(([field]) =>
            field.startsWith('value.allowedDomains'),
          );
          setDomainsError(domainError?.[1][0]);
          notifyFailure(SETTINGS_TOASTS.settingsFailed, error);
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormField id="registration-mode" label={T.mode}>
        <Select value={mode} onValueChange={(next) => setMode(next as RegistrationMode)}>
          <SelectTrigger id="registration-mode">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {REGISTRATION_MODES.map((value) => (
              <SelectItem key={value} value={value}>
                {REGISTRATION_MODE_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {mode === 'domains' && (
        <FormField id="registration-domains" label={T.domains} error={domainsError}>
          <Textarea
            {...fieldAria('registration-domains', domainsError)}
            rows={3}
            placeholder="e.g. example.com"
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
          />
          <p className="mt-1 text-sm text-muted-foreground">{T.domainsHint}</p>
        </FormField>
      )}
      <p className="text-sm text-muted-foreground">{T.invitationsNote}</p>
      <div className="flex items-start gap-2">
        <Checkbox
          id="registration-require-totp"
          checked={requireTotp}
          onCheckedChange={(next) => setRequireTotp(next === true)}
          className="mt-0.5"
        />
        <Label htmlFor="registration-require-totp" className="leading-5 font-normal">
          {T.requireTotp}
        </Label>
      </div>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        {save.isPending ? T.saving : T.save}
      </Button>
    </form>
  );
}

/** Settings → Registration, for admins: who may create an account from the sign-in page. */
export function RegistrationCard() {
  const setting = useRegistrationSettings();
  useSessionExpiryRedirect(setting.error);
  return (
    <SectionCard title={T.title} icon={UserPlus} description={T.description}>
      {setting.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : setting.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {serverMessageOf(setting.error) ?? T.loadFailed}
        </p>
      ) : (
        <RegistrationForm key={setting.data.updatedAt ?? 'default'} saved={setting.data.value} />
      )}
    </SectionCard>
  );
}
