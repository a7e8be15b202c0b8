import { Mail } from 'lucide-react';
import { EMAIL_SETTINGS_TEXTS } from '@shared/contracts/email-settings';
import { SectionCard } from '@/components/ui/section-card';
import { useEmailSettings } from '../api/get-email-settings';
import { EmailLastCheck } from './email-last-check';
import { EmailSettingsForm } from './email-settings-form';
import { EmailSettingsReadonly } from './email-settings-readonly';
import { SettingLoader } from './setting-loader';

interface EmailSettingsCardProps {
  canManage: boolean;
  /** The signed-in user's address, where an admin's test email goes. */
  userEmail: string;
}

function EmailSettingsBody({ canManage, userEmail }: EmailSettingsCardProps) {
  return (
    <SettingLoader
      query={useEmailSettings()}
      skeletonRows={['h-9', 'h-9', 'h-9']}
      errorText="Could not load the email settings."
    >
      {(setting) => (
        <div className="space-y-4">
          <EmailLastCheck check={setting.lastCheck} />
          {canManage ? (
            <EmailSettingsForm setting={setting} userEmail={userEmail} />
          ) : (
            <EmailSettingsReadonly setting={setting} />
          )}
        </div>
      )}
    </SettingLoader>
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
