import { CircleAlert, CircleCheck, CircleDashed, CircleHelp, type LucideIcon } from 'lucide-react';
import { SETTINGS_MESSAGES, type HarvestCredentialsSettingResponse } from '@shared/contracts/settings';
import { cn } from '@/lib/utils';

type ConnectionState = 'connected' | 'rejected' | 'unverified' | 'unreadable' | 'not_configured';

interface ConnectionMeta {
  icon: LucideIcon;
  className: string;
  headline: string;
}

const CONNECTION_META = {
  connected: {
    icon: CircleCheck,
    className: 'border-green-200 bg-green-50 text-green-900',
    headline: 'Harvest is connected',
  },
  rejected: {
    icon: CircleAlert,
    className: 'border-red-200 bg-red-50 text-red-900',
    headline: SETTINGS_MESSAGES.rejected,
  },
  unverified: {
    icon: CircleHelp,
    className: 'border-amber-200 bg-amber-50 text-amber-900',
    headline: 'Harvest could not be reached to check the credentials',
  },
  unreadable: {
    icon: CircleAlert,
    className: 'border-red-200 bg-red-50 text-red-900',
    headline: 'The saved credentials cannot be read by this server',
  },
  not_configured: {
    icon: CircleDashed,
    className: 'border-border bg-muted text-foreground',
    headline: 'Harvest is not configured',
  },
} as const satisfies Record<ConnectionState, ConnectionMeta>;

function connectionState(setting: HarvestCredentialsSettingResponse): ConnectionState {
  if (setting.configured) {
    // No verification recorded: saved when saving still required Harvest's yes.
    const status = setting.verification?.status ?? 'verified';
    return status === 'verified' ? 'connected' : status;
  }
  // Saved, but sealed with another encryption key: the account id is still known.
  return setting.value.accountId !== '' ? 'unreadable' : 'not_configured';
}

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function detail(state: ConnectionState, setting: HarvestCredentialsSettingResponse): string {
  switch (state) {
    case 'connected': {
      const who = setting.harvestUser
        ? `Time is sent as ${setting.harvestUser.name} (${setting.harvestUser.email}).`
        : 'Time entries are sent to Harvest.';
      const when = setting.updatedAt ? ` Saved ${savedAtFormat.format(new Date(setting.updatedAt))}.` : '';
      return `${who}${when}`;
    }
    case 'rejected':
      return `${setting.verification?.error ?? ''} Time entries wait here until working credentials are saved.`.trim();
    case 'unverified': {
      const lastWorked = setting.verification?.lastVerifiedAt;
      const worked = lastWorked ? ` They last worked ${savedAtFormat.format(new Date(lastWorked))}.` : '';
      return `They are saved and checked again shortly.${worked}`;
    }
    case 'unreadable':
      return 'An administrator must save them again; time entries wait here until then.';
    case 'not_configured':
      return 'Time entries are kept here and sent to Harvest once credentials are saved.';
  }
}

/** Whether the help desk can reach Harvest with the saved credentials, in words anyone can act on. */
export function HarvestConnectionStatus({ setting }: { setting: HarvestCredentialsSettingResponse }) {
  const state = connectionState(setting);
  const { icon: Icon, className, headline } = CONNECTION_META[state];
  return (
    <div role="status" className={cn('flex gap-3 rounded-md border p-3 text-sm', className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="space-y-0.5">
        <p className="font-medium">{headline}</p>
        <p>{detail(state, setting)}</p>
      </div>
    </div>
  );
}
