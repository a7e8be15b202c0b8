import { PackageOpen } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

const SKELETON_ROWS = 5;

/** Placeholder rows shaped like the list's (a card's lines on a phone), named for screen readers. */
export function InventoryLoading() {
  return (
    <Card role="status" className="divide-y overflow-hidden">
      <span className="sr-only">{INVENTORY_TEXTS.list.loading}</span>
      {Array.from({ length: SKELETON_ROWS }, (_, row) => (
        <div key={row} className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="hidden h-4 w-32 md:block" />
          <Skeleton className="hidden h-4 w-28 md:block" />
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-40" />
        </div>
      ))}
    </Card>
  );
}

/** No asset at all (with how to add some), or none matching the search and filters. */
export function InventoryEmpty({ narrowed }: { narrowed: boolean }) {
  const { list } = INVENTORY_TEXTS;
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center text-muted-foreground">
      <PackageOpen aria-hidden="true" className="mb-1 size-8" />
      <p className="text-sm font-medium text-foreground">{narrowed ? list.noMatch : list.empty}</p>
      {!narrowed && <p className="max-w-prose text-sm">{list.emptyHint}</p>}
    </Card>
  );
}
