import { ASSET_STATUS_LABELS, type AssetStatus } from '@shared/contracts/assets';
import { Badge, type BadgeProps } from '@/components/ui/badge';

/** Free to lend is green, lent is blue as a checked-out loan is, in repair yellow, retired grey. */
const STATUS_VARIANTS = {
  available: 'green',
  on_loan: 'blue',
  in_repair: 'yellow',
  retired: 'secondary',
} as const satisfies Record<AssetStatus, BadgeProps['variant']>;

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{ASSET_STATUS_LABELS[status]}</Badge>;
}
