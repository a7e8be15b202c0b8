import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { TotpSetupResponse } from '@shared/contracts/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useEnableTotp, useSetupTotp } from '../api/totp';
import { TOTP_TEXTS as T } from '../lib/two-step-texts';

/** The otpauth:// URL as a QR code image (an SVG data URL, which the CSP allows). */
function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    void QRCode.toString(url, { type: 'svg', margin: 1 }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return src ? (
    <img src={src} alt={T.qrAlt} width={176} height={176} className="rounded border bg-white" />
  ) : (
    <div className="size-44 rounded border bg-muted" aria-hidden="true" />
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <h3 className="text-sm font-semibold">{T.recoveryTitle}</h3>
      <p className="text-sm text-muted-foreground">{T.recoveryNote}</p>
      <ul aria-label={T.recoveryTitle} className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" onClick={onDone}>
        {T.done}
      </Button>
    </div>
  );
}

/**
 * Setting two-step sign-in up: Set Up shows the key (QR code and text), a code from the app turns it
 * on, and the recovery codes show once. `onStarted` runs when the key shows, `onFinished` when the
 * user has seen the recovery codes.
 */
export function TwoStepSetup({ onStarted, onFinished }: { onStarted?: () => void; onFinished?: () => void }) {
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const [key, setKey] = useState<TotpSetupResponse>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const fail = (error: unknown) =>
    toast({
      variant: 'destructive',
      title: T.failed,
      description: error instanceof ApiError ? error.serverMessage : undefined,
    });

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => onFinished?.()} />;
  if (!key) {
    return (
      <Button
        type="button"
        disabled={setup.isPending}
        onClick={() =>
          setup.mutate(undefined, {
            onSuccess: (answer) => {
              onStarted?.();
              setKey(answer);
            },
            onError: fail,
          })
        }
      >
        {setup.isPending && <Spinner />}
        {setup.isPending ? T.settingUp : T.setUp}
      </Button>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setCodeError(undefined);
    enable.mutate(code.replace(/\s/g, ''), {
      onSuccess: (result) => {
        toast({ title: T.turnedOn });
        setRecoveryCodes(result.recoveryCodes);
      },
      onError: (error) => {
        setCodeError(error instanceof ApiError ? error.body?.fieldErrors?.code?.[0] : undefined);
        fail(error);
      },
    });
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm">{T.scan}</p>
      <div className="flex flex-wrap items-center gap-4">
        <QrCode url={key.otpauthUrl} />
        <TextField
          id="totp-key"
          label={T.key}
          value={key.secret}
          readOnly
          className="min-w-0 flex-1 font-mono"
        />
      </div>
      <TextField
        id="totp-enable-code"
        label={T.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={codeError}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" disabled={enable.isPending}>
        {enable.isPending && <Spinner />}
        {enable.isPending ? T.turningOn : T.turnOn}
      </Button>
    </form>
  );
}
