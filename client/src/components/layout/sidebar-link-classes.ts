import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';

/**
 * A sidebar link's look, the same for the main navigation, the saved views and the groups: its icon
 * alone below the medium width, with its label from there up, and the current page marked.
 */
export const sidebarLinkClasses = (active: boolean, className?: string) =>
  cn(
    'flex items-center justify-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors md:justify-start',
    focusRing,
    active
      ? 'bg-primary/10 text-primary-strong'
      : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
    className,
  );
