import { Laptop, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Asset } from '@shared/contracts/assets';
import { Button } from '@/components/ui/button';
import { focusRing } from '@/components/ui/focus-ring';
import { loanPath } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';
import { PRODUCT_TYPE_LABELS } from '../lib/product-types';
import { AssetCurrentLoan } from './asset-current-loan';
import { AssetSection } from './asset-section';
import { AssetStatusBadge } from './asset-status-badge';

const { columns, page } = INVENTORY_TEXTS;

function Fact({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const orDash = (value: string | null) => value ?? <span className="text-muted-foreground">—</span>;

/** What the inventory knows of the asset, the loan that has it now, and Edit. */
export function AssetFacts({ asset, onEdit }: { asset: Asset; onEdit: () => void }) {
  return (
    <AssetSection
      title={page.details}
      icon={Laptop}
      action={
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          {INVENTORY_TEXTS.list.edit}
        </Button>
      }
    >
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={columns.assetTag}>
          <span className="font-mono">{asset.assetTag}</span>
        </Fact>
        <Fact label={columns.productType}>{PRODUCT_TYPE_LABELS[asset.productType]}</Fact>
        <Fact label={columns.model}>{orDash(asset.model)}</Fact>
        <Fact label={columns.serialNumber}>
          <span className="font-mono break-all">{orDash(asset.serialNumber)}</span>
        </Fact>
        <Fact label={columns.status}>
          <AssetStatusBadge status={asset.status} />
        </Fact>
        <Fact label={page.currentLoan}>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <AssetCurrentLoan loan={asset.currentLoan} />
            {asset.currentLoan && (
              <Link
                href={loanPath(asset.currentLoan.id)}
                className={cn('rounded-sm text-primary underline-offset-4 hover:underline', focusRing)}
              >
                {page.openLoan}
              </Link>
            )}
          </span>
        </Fact>
        <Fact label={page.notes} className="sm:col-span-2 lg:col-span-3">
          {asset.notes ? <span className="whitespace-pre-wrap">{asset.notes}</span> : orDash(null)}
        </Fact>
      </dl>
    </AssetSection>
  );
}
