import type { LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { sidebarLinkClasses } from './sidebar-link-classes';
import { cn } from '@/lib/utils';

interface SidebarCountLinkProps {
  href: string;
  name: string;
  icon: LucideIcon;
  active: boolean;
  /** The number shown, its unit for screen readers, and its test id; none while it is unknown. */
  count?: { shown: string; unit: string; testId: string };
  className?: string;
}

/**
 * A sidebar link to a list with its count (the saved views, the groups): the name beside its icon
 * from the medium width up, the icon alone with the count in its corner below it.
 */
export function SidebarCountLink({
  href,
  name,
  icon: Icon,
  active,
  count,
  className,
}: SidebarCountLinkProps) {
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      title={name}
      className={sidebarLinkClasses(active, cn('relative min-w-0', className))}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only md:not-sr-only md:min-w-0 md:flex-1">
        <span className="block truncate">{name}</span>
      </span>
      {count && (
        // Read as "Network 12 open tickets": the visible number with its unit for screen readers.
        <span className="absolute top-0.5 right-0.5 rounded-full bg-muted px-1 text-[10px] leading-4 text-muted-foreground tabular-nums md:static md:px-1.5 md:text-xs md:leading-5">
          <span data-testid={count.testId}>{count.shown}</span>
          <span className="sr-only"> {count.unit}</span>
        </span>
      )}
    </Link>
  );
}
