import type { ReactNode } from 'react';
import { useState } from 'react';
import { SignOutForm } from '@/components/layout/sign-out-form';
import { LoadingScreen } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useTotpStatus } from '../api/totp';
import { useTwoStepSetupRefusal } from '../api/two-step-required';
import { TOTP_TEXTS as T } from '../lib/two-step-texts';
import { AuthPageShell } from './auth-page-shell';
import { TwoStepSetup } from './two-step-setup';

/**
 * When admins require two-step sign-in (the registration setting's requireTotp) and the signed-in
 * user has not set it up, the setup comes before anything else of the app: at once when the status
 * says so, and as soon as the server refuses a request for that reason (the requirement was turned on
 * while the app was open), since the server holds the user to the setup whatever this screen shows.
 */
export function TwoStepGate({ children }: { children: ReactNode }) {
  const status = useTotpStatus();
  const refusal = useTwoStepSetupRefusal();
  // Once set up here, the recovery codes stay on screen until Done.
  const [settingUp, setSettingUp] = useState(false);
  if (status.isPending) return <LoadingScreen fullScreen />;
  const enabled = status.isSuccess && status.data.enabled;
  const mustSetUp = !enabled && ((status.isSuccess && status.data.required) || refusal.refused);
  if (!mustSetUp && !settingUp) return children;
  return (
    <AuthPageShell>
      <CardHeader>
        <h2 className="text-lg leading-none font-semibold tracking-tight">{T.cardTitle}</h2>
        <CardDescription>{T.requiredNote}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <TwoStepSetup
          onStarted={() => setSettingUp(true)}
          onFinished={() => {
            refusal.clear();
            setSettingUp(false);
          }}
        />
        <SignOutForm>
          <Button type="submit" variant="link" className="px-0">
            Sign Out
          </Button>
        </SignOutForm>
      </CardContent>
    </AuthPageShell>
  );
}
