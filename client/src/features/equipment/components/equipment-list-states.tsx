import { PackageOpen, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export function EquipmentLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-5 text-primary" />
      <p className="text-sm">Loading equipment...</p>
    </div>
  );
}

/** Spec §8: a failed list read says "{status}: {response text}". */
export function EquipmentLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card
      role="alert"
      className="flex flex-col items-center gap-3 border-destructive/40 px-6 py-12 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-8 text-destructive" />
      <p className="max-w-prose text-sm break-words text-destructive">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** Which empty text applies depends on whether a search or filter narrowed the list (spec §2). */
export function EquipmentEmpty({ narrowed }: { narrowed: boolean }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground">
      <PackageOpen aria-hidden="true" className="size-8" />
      <p className="text-sm">
        {narrowed ? 'No equipment found matching your search.' : 'No equipment checkouts recorded yet.'}
      </p>
    </Card>
  );
}
