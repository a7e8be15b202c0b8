import { ArrowLeft, SearchX } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '@/components/layout/app-shell-context';
import { useSessionExpiryRedirect } from '@/components/session-expiry';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Heading } from '@/components/ui/heading';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAsset } from '../api/assets';
import { inventoryPath } from '../lib/inventory-tab';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { AssetDialog } from './asset-dialog';
import { AssetFacts } from './asset-facts';
import { AssetLoanHistory } from './asset-loan-history';
import { AssetTickets } from './asset-tickets';
import { EquipmentLoadError } from './equipment-list-states';

const { page } = INVENTORY_TEXTS;

/** No such asset: a 404, or an id that is not one at all (the server's 400 for a malformed id). */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

function BackToInventory() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2">
      <Link href={inventoryPath}>
        <ArrowLeft aria-hidden="true" />
        {page.back}
      </Link>
    </Button>
  );
}

function AssetNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="size-8 text-muted-foreground" />
      <Heading className="text-lg font-semibold">{page.notFound}</Heading>
      <p className="max-w-prose text-sm text-muted-foreground">{page.notFoundHint}</p>
    </Card>
  );
}

function AssetLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-5 text-primary" />
      <p className="text-sm">{page.loading}</p>
    </div>
  );
}

/**
 * One asset of the inventory (issue 42): its facts with Edit, the loan that has it now, every loan it
 * has had and the tickets it was lent for, newest first; Back goes to the Inventory tab.
 */
export function AssetDetailsPage({ assetId }: { assetId: string }) {
  const query = useAsset(assetId);
  useSessionExpiryRedirect(query.error);
  const [editing, setEditing] = useState(false);
  const asset = query.data?.asset;
  usePageTitle(asset ? `${page.title} ${asset.assetTag}` : page.title);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackToInventory />
      {query.isPending ? (
        <AssetLoading />
      ) : query.isError ? (
        isMissing(query.error) ? (
          <AssetNotFound />
        ) : (
          <EquipmentLoadError message={query.error.message} onRetry={() => void query.refetch()} />
        )
      ) : (
        <>
          <AssetFacts asset={query.data.asset} onEdit={() => setEditing(true)} />
          <AssetLoanHistory loans={query.data.loans} />
          <AssetTickets tickets={query.data.tickets} />
          <AssetDialog open={editing} asset={query.data.asset} onOpenChange={setEditing} />
        </>
      )}
    </div>
  );
}
