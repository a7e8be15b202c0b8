import { useParams } from 'wouter';
import { AssetDetailsPage } from '@/features/equipment/components/asset-details-page';

export default function AssetDetailsRoute() {
  const { id } = useParams<{ id: string }>();
  // Keyed by id: moving to another asset starts afresh (its dialog closed).
  return <AssetDetailsPage key={id} assetId={id} />;
}
