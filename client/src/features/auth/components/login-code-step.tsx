import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { useLoginWithCode } from '../api/totp';
import { failureDescription, LOGIN_TOASTS, TOTP_CODE_TEXTS as T } from '../lib/auth-toasts';

/**
 * The second step of a sign-in with two-step sign-in on: the 6-digit code from the app, or a recovery
 * code. A wrong code is the spec's Login Failed toast with the server's words.
 */
export function LoginCodeStep({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const login = useLoginWithCode();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await login.mutateAsync(recovery ? { recoveryCode: value } : { code: value.replace(/\s/g, '') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: LOGIN_TOASTS.failureTitle,
        description: failureDescription(error, LOGIN_TOASTS),
      });
      return;
    }
    await onSignedIn();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-base font-semibold">{T.codeStepTitle}</h2>
        <p className="text-sm text-muted-foreground">{recovery ? T.recoveryHint : T.codeStepHint}</p>
      </div>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        id="login-code"
        label={recovery ? T.recoveryCode : T.code}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        {login.isPending ? T.verifying : T.verify}
      </Button>
      <Button
        type="button"
        variant="link"
        className="w-full"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
        }}
      >
        {recovery ? T.useCode : T.useRecovery}
      </Button>
    </form>
  );
}
