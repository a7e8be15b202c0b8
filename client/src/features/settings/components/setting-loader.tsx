import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useSessionExpiryRedirect } from '@/lib/session-expiry';

interface SettingLoaderProps<T> {
  query: UseQueryResult<T>;
  /** The heights of the placeholder rows shown while it loads ('h-9'). */
  skeletonRows: readonly string[];
  /** Shown when it cannot be read ("Could not load the … settings."). */
  errorText: string;
  children: (data: T) => ReactNode;
}

/** A settings card's body: placeholders while the setting loads, a message if it cannot, else the card. */
export function SettingLoader<T>({ query, skeletonRows, errorText, children }: SettingLoaderProps<T>) {
  useSessionExpiryRedirect(query.error);
  if (query.isPending) {
    return (
      <div aria-busy="true" className="space-y-3">
        {skeletonRows.map((height, index) => (
          <Skeleton key={index} className={`${height} w-full`} />
        ))}
      </div>
    );
  }
  if (query.isError) return <p className="text-sm text-destructive">{errorText}</p>;
  return children(query.data);
}
