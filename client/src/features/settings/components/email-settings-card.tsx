import { Mail } from 'lucide-react';
import { EMAIL_SETTINGS_TEXTS } from '@shared/contracts/email-settings';
import { SectionCard } from '@/components/ui/section-card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import { useEmailSettings } from '../api/get-email-settings';
import { EmailLastCheck } from './email-last-check';
import { EmailSettingsForm } from './email-settings-form';
import { EmailSettingsReadonly } from './email-settings-readonly';

interface EmailSettingsCardProps {
  canManage: boolean;
  /** The signed-in user's address, where an admin's test email goes. */
  userEmail: string;
}

function EmailSettingsBody({ canManage, userEmail }: EmailSettingsCardProps) {
  const setting = useEmailSettings();
  useSessionExpiryRedirect(setting.error);

  if (setting.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (setting.isError) {
    return <p className="text-sm text-destructive">Could not load the email settings.</p>;
  }
  return (
    <div className="space-y-4">
      <EmailLastCheck check={setting.data.lastCheck} />
      {canManage ? (
        <EmailSettingsForm setting={setting.data} userEmail={userEmail} />
      ) : (
        <EmailSettingsReadonly setting={setting.data} />
      )}
    </div>
  );
}

/** The SMTP server replies go out through, and the sender; every user sees it, only admins change it. */
export function EmailSettingsCard(props: EmailSettingsCardProps) {
  return (
    <SectionCard
      title={EMAIL_SETTINGS_TEXTS.title}
      description={EMAIL_SETTINGS_TEXTS.description}
      icon={Mail}
    >
      <EmailSettingsBody {...props} />
    </SectionCard>
  );
}
