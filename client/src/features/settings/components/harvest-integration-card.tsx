import { Plug } from 'lucide-react';
import { Separator } from '@/components/ui/separator';
import { useHarvestSettings } from '../api/get-harvest-settings';
import { HarvestConnectionStatus } from './harvest-connection-status';
import { HarvestCredentialsForm } from './harvest-credentials-form';
import { HarvestCredentialsReadonly } from './harvest-credentials-readonly';
import { HarvestUsersTable } from './harvest-users-table';
import { SettingLoader } from './setting-loader';
import { SectionCard } from '@/components/ui/section-card';

function HarvestIntegrationBody({ canManage }: { canManage: boolean }) {
  return (
    <SettingLoader
      query={useHarvestSettings()}
      skeletonRows={['h-14', 'h-9', 'h-9']}
      errorText="Could not load the Harvest settings."
    >
      {(setting) => (
        <div className="space-y-4">
          <HarvestConnectionStatus setting={setting} />
          {canManage ? (
            <HarvestCredentialsForm setting={setting} />
          ) : (
            <HarvestCredentialsReadonly setting={setting} />
          )}
          {/*
            Mapping needs Harvest's users, which only saved credentials can list; rejected ones list
            nothing, and the status above already says why.
          */}
          {canManage && setting.configured && setting.verification?.status !== 'rejected' && (
            <>
              <Separator />
              <HarvestUsersTable />
            </>
          )}
        </div>
      )}
    </SettingLoader>
  );
}

/** The Harvest account id and access token; every user sees the state, only admins change it. */
export function HarvestIntegrationCard({ canManage }: { canManage: boolean }) {
  return (
    <SectionCard
      title="Harvest Integration"
      description="Time entries and closed tickets are sent to this Harvest account."
      icon={Plug}
    >
      <HarvestIntegrationBody canManage={canManage} />
    </SectionCard>
  );
}
