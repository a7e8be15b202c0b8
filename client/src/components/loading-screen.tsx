import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** A centred spinner with "Loading..." for the whole screen, or for the page area inside the app shell. */
export function LoadingScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-muted-foreground',
        fullScreen ? 'min-h-screen' : 'py-24',
      )}
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm">Loading...</p>
    </div>
  );
}
