import { Plug } from 'lucide-react';
import { Separator } from '@/components/ui/separator';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';
import { useHarvestSettings } from '../api/get-harvest-settings';
import { HarvestConnectionStatus } from './harvest-connection-status';
import { HarvestCredentialsForm } from './harvest-credentials-form';
import { HarvestCredentialsReadonly } from './harvest-credentials-readonly';
import { HarvestUsersTable } from './harvest-users-table';
import { SectionCard } from '@/components/ui/section-card';

function HarvestIntegrationBody({ canManage }: { canManage: boolean }) {
  const setting = useHarvestSettings();
  useSessionExpiryRedirect(setting.error);

  if (setting.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (setting.isError) {
    return <p className="text-sm text-destructive">Could not load the Harvest settings.</p>;
  }
  return (
    <div className="space-y-4">
      <HarvestConnectionStatus setting={setting.data} />
      {canManage ? (
        <HarvestCredentialsForm setting={setting.data} />
      ) : (
        <HarvestCredentialsReadonly setting={setting.data} />
      )}
      {/*
        Mapping needs Harvest's users, which only saved credentials can list; rejected ones list
        nothing, and the status above already says why.
      */}
      {canManage && setting.data.configured && setting.data.verification?.status !== 'rejected' && (
        <>
          <Separator />
          <HarvestUsersTable />
        </>
      )}
    </div>
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
