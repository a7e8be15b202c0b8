import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useDisableTotp, useTotpStatus } from '../api/totp';
import { TOTP_TEXTS as T } from '../lib/two-step-texts';
import { TwoStepSetup } from './two-step-setup';

/** Turning it off asks for the password (a stolen unlocked session must not turn it off). */
function TurnOff() {
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    disable.mutate(password, {
      onSuccess: () => toast({ title: T.turnedOff }),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.serverMessage : undefined;
        setError(message);
        toast({ variant: 'destructive', title: T.failed, description: message });
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField
        id="totp-disable-password"
        label={T.password}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        className="min-w-0 flex-1"
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" variant="outline" disabled={disable.isPending}>
        {disable.isPending && <Spinner />}
        {disable.isPending ? T.turningOff : T.turnOff}
      </Button>
    </form>
  );
}

/** Settings → Two-Step Sign-In, for every user. */
export function TwoStepCard() {
  const status = useTotpStatus();
  // Kept while the recovery codes show: enabling flips the status before the user has read them.
  const [settingUp, setSettingUp] = useState(false);
  return (
    <SectionCard title={T.cardTitle} icon={ShieldCheck} description={T.cardDescription}>
      {status.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : status.isError ? null : status.data.enabled && !settingUp ? (
        <div className="space-y-3">
          <p className="text-sm">{T.on}</p>
          <TurnOff />
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm">{T.off}</p>
          <TwoStepSetup onStarted={() => setSettingUp(true)} onFinished={() => setSettingUp(false)} />
        </div>
      )}
    </SectionCard>
  );
}
