import { LinkIcon, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Redirect } from 'wouter';
import type { PortalStatus } from '@shared/contracts/portal';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors } from '@/lib/field-errors';
import { getPortalMe, getPortalStatus, requestSignInLink, signInWithLink } from '../api/portal-api';
import { PORTAL_MESSAGES } from '@shared/contracts/portal-values';
import { PORTAL_HOME, portalPaths } from '../lib/portal-paths';
import { PORTAL_TEXTS } from '../lib/portal-texts';
import { isStatus, useLoad } from '../lib/use-load';
import { failureMessage, LoadState } from './load-state';
import { PortalCardPage } from './portal-layout';

/** Whether the portal is open, whether it can email, and whether this browser is signed in already. */
async function loadSignInState(signal: AbortSignal): Promise<{ status: PortalStatus; signedIn: boolean }> {
  const status = await getPortalStatus({ signal });
  if (!status.enabled) return { status, signedIn: false };
  try {
    await getPortalMe({ signal });
    return { status, signedIn: true };
  } catch (error) {
    if (isStatus(error, 401)) return { status, signedIn: false };
    throw error;
  }
}

function SignInForm({ emailConfigured }: { emailConfigured: boolean }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFieldError(undefined);
    setFailure(undefined);
    try {
      setAnswer((await requestSignInLink(email)).message);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors.email) setFieldError(fieldErrors.email);
      else setFailure(failureMessage(error, PORTAL_TEXTS.sendFailed));
    } finally {
      setBusy(false);
    }
  };

  if (answer) {
    return (
      <div className="space-y-4">
        <p role="status" className="flex gap-3 rounded-md border bg-muted/50 p-3 text-sm">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          {answer}
        </p>
        <Button variant="link" className="h-auto w-full p-0" onClick={() => setAnswer(undefined)}>
          {PORTAL_TEXTS.sendAnother}
        </Button>
      </div>
    );
  }
  const disabled = busy || !emailConfigured;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {!emailConfigured && (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {PORTAL_MESSAGES.noEmail}
        </p>
      )}
      <TextField
        id="portal-email"
        label={PORTAL_TEXTS.email}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={!emailConfigured}
        error={fieldError}
      />
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={disabled}>
        {busy && <Spinner />}
        {busy ? PORTAL_TEXTS.sendingLink : PORTAL_TEXTS.sendLink}
      </Button>
    </form>
  );
}

/**
 * /portal: one field, the email address, and "Send Sign-In Link". The answer is the same whatever the
 * address. A browser signed in already goes to its tickets.
 */
export function SignInPage() {
  const { loaded, retry } = useLoad('sign-in', loadSignInState);
  return (
    <PortalCardPage>
      <CardHeader>
        <CardTitle>{PORTAL_TEXTS.signInTitle}</CardTitle>
        <CardDescription>{PORTAL_TEXTS.signInDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState loaded={loaded} onRetry={retry}>
          {({ status, signedIn }) => {
            if (signedIn) return <Redirect to={portalPaths.tickets} replace />;
            if (!status.enabled) {
              return (
                <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
                  {PORTAL_MESSAGES.portalOff}
                </p>
              );
            }
            return <SignInForm emailConfigured={status.emailConfigured} />;
          }}
        </LoadState>
      </CardContent>
    </PortalCardPage>
  );
}

/** A used, expired or unknown link (or any refusal): the reason, and the way to ask for a new one. */
function LinkNotValid({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <LinkIcon className="size-6" aria-hidden="true" />
      </div>
      <p role="alert" className="font-medium">
        {message}
      </p>
      <Button asChild variant="outline">
        <Link href={PORTAL_HOME}>{PORTAL_TEXTS.newLink}</Link>
      </Button>
    </div>
  );
}

/**
 * /portal/sign-in/{token}, the emailed link: opening it changes nothing (a mail scanner's visit does
 * not spend it); only Continue posts the token and starts the session.
 */
export function SignInLinkPage({ token }: { token: string }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [signedIn, setSignedIn] = useState(false);

  const signIn = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await signInWithLink(token);
      setSignedIn(true);
    } catch (error) {
      if (isStatus(error, 404)) setRefusal(failureMessage(error, PORTAL_MESSAGES.linkInvalid));
      else setFailure(failureMessage(error, PORTAL_TEXTS.sendFailed));
      setBusy(false);
    }
  };

  if (signedIn) return <Redirect to={portalPaths.tickets} replace />;
  return (
    <PortalCardPage>
      {refusal ? (
        <CardContent className="p-8">
          <LinkNotValid message={refusal} />
        </CardContent>
      ) : (
        <>
          <CardHeader>
            <CardTitle>{PORTAL_TEXTS.linkTitle}</CardTitle>
            <CardDescription>{PORTAL_TEXTS.linkDescription}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {failure && (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            )}
            <Button className="w-full" onClick={() => void signIn()} disabled={busy}>
              {busy && <Spinner />}
              {busy ? PORTAL_TEXTS.continuing : PORTAL_TEXTS.continue}
            </Button>
          </CardContent>
        </>
      )}
    </PortalCardPage>
  );
}
