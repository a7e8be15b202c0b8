import { Lock } from 'lucide-react';
import type { HarvestCredentialsSettingResponse } from '@shared/contracts/settings';

const NOT_SET = 'Not set';

/** What an agent sees: the saved account id and masked token, and who may change them. */
export function HarvestCredentialsReadonly({ setting }: { setting: HarvestCredentialsSettingResponse }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <dt className="text-sm font-medium text-muted-foreground">Account ID</dt>
          <dd className="text-sm">{setting.value.accountId || NOT_SET}</dd>
        </div>
        <div className="space-y-1">
          <dt className="text-sm font-medium text-muted-foreground">Access Token</dt>
          <dd className="font-mono text-sm">{setting.value.accessToken || NOT_SET}</dd>
        </div>
      </dl>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        Only administrators can change the Harvest credentials.
      </p>
    </div>
  );
}
