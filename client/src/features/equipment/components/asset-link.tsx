import { Link } from 'wouter';
import { focusRing } from '@/components/ui/focus-ring';
import { assetPath } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** An asset's tag, linking to its page. */
export function AssetLink({ id, tag, className }: { id: string; tag: string; className?: string }) {
  return (
    <Link
      href={assetPath(id)}
      className={cn(
        'rounded-sm font-mono font-medium break-all text-primary underline-offset-4 hover:underline',
        focusRing,
        className,
      )}
    >
      {tag}
    </Link>
  );
}
