import type { ReactNode } from 'react';

/** What a list or chart shows when the range has nothing for it. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
