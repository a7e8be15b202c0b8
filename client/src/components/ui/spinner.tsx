import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A decorative spinning icon; the surrounding text says what is loading. */
export function Spinner({ className, ...props }: ComponentProps<typeof LoaderCircle>) {
  return <LoaderCircle aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />;
}
