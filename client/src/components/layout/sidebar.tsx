import {
  ChartColumn,
  Clock,
  Headset,
  Laptop,
  LayoutDashboard,
  LogOut,
  Settings,
  Ticket,
  UserCheck,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { OFFICE_LABEL, PRODUCT_NAME } from '@shared/constants';
import type { PublicUser } from '@shared/contracts/auth';
import { ASSIGNED_TO_PARAM, matchesAnyPath, myTicketsPath, paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { sidebarLinkClasses } from './sidebar-link-classes';
import { displayName } from './display-name';
import { SignOutForm } from './sign-out-form';
import { UserAvatar } from './user-avatar';

interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  active: boolean;
}

/**
 * `viewShown`: a saved view or a group is the list's (the Views or the Groups section marks it; the
 * spec's links then not).
 */
function useNavItems(userId: string, viewShown: boolean): NavItem[] {
  const [location] = useLocation();
  const [searchParams] = useSearchParams();
  const onTickets = location === paths.tickets && !viewShown;
  const mine = onTickets && searchParams.get(ASSIGNED_TO_PARAM) === userId;
  return [
    {
      label: 'Dashboard',
      href: paths.home,
      icon: LayoutDashboard,
      active: location === paths.home || location === paths.dashboard,
    },
    { label: 'All Tickets', href: paths.tickets, icon: Ticket, active: onTickets && !mine },
    { label: 'My Tickets', href: myTicketsPath(userId), icon: UserCheck, active: mine },
    {
      label: 'Loaner Equipment',
      href: paths.loanerEquipment,
      icon: Laptop,
      active: matchesAnyPath(location, [paths.loanerEquipment, paths.asset]),
    },
    {
      label: 'Time Tracking',
      href: paths.timeTracking,
      icon: Clock,
      active: location === paths.timeTracking,
    },
    { label: 'Reports', href: paths.reports, icon: ChartColumn, active: location === paths.reports },
    {
      label: 'Settings',
      href: paths.settings,
      icon: Settings,
      // Current in every section of Settings (issue 37), each at its own /settings/… URL.
      active: matchesAnyPath(location, [paths.settings, paths.settingsSection]),
    },
  ];
}

export interface SidebarProps {
  user: PublicUser;
  /** The saved views' section under the links (a feature's, handed in by the app). */
  views?: ReactNode;
  /** The groups' section under the views (issue 39; a feature's, handed in by the app). */
  groups?: ReactNode;
  /** A saved view or a group is the list's: its section marks it, the links then not. */
  viewShown?: boolean;
}

/** Below the md breakpoint the sidebar shrinks to icons; labels stay readable to screen readers. */
export function Sidebar({ user, views, groups, viewShown = false }: SidebarProps) {
  const navItems = useNavItems(user.id, viewShown);
  const name = displayName(user);

  return (
    <aside className="flex w-16 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:w-64">
      <div className="flex h-16 items-center gap-3 border-b px-3 md:px-5">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <Headset className="size-5" aria-hidden="true" />
        </div>
        <div className="sr-only min-w-0 md:not-sr-only">
          <p className="truncate text-sm font-semibold">{PRODUCT_NAME}</p>
          <p className="truncate text-xs text-muted-foreground">{OFFICE_LABEL}</p>
        </div>
      </div>

      <div className="flex-1 overflow-y-auto">
        <nav aria-label="Main" className="p-2 md:p-3">
          <ul className="space-y-1">
            {navItems.map(({ label, href, icon: Icon, active }) => (
              <li key={label}>
                <Link
                  href={href}
                  aria-current={active ? 'page' : undefined}
                  title={label}
                  className={sidebarLinkClasses(active)}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  <span className="sr-only md:not-sr-only">{label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {views}
        {groups}
      </div>

      <div className="border-t p-2 md:p-3">
        <div className="flex items-center justify-center gap-3 md:justify-start md:px-2 md:py-2">
          <UserAvatar user={user} />
          <div className="sr-only min-w-0 md:not-sr-only">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <SignOutForm className="mt-2">
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            title="Sign Out"
            className="w-full text-muted-foreground hover:text-foreground md:justify-start"
          >
            <LogOut aria-hidden="true" />
            <span className="sr-only md:not-sr-only">Sign Out</span>
          </Button>
        </SignOutForm>
      </div>
    </aside>
  );
}
