import type { ReactNode } from 'react';
import type { PublicUser } from '@shared/contracts/auth';
import { DEFAULT_PAGE_TITLE } from './app-shell-context';
import { HeaderSearch } from './header-search';
import { UserMenu } from './user-menu';

interface HeaderProps {
  user: PublicUser;
  title?: string;
  /** Pass both to control the search box from the page; leave both out and it keeps its own text. */
  searchValue?: string;
  onSearchChange?: (value: string) => void;
  /** Shown between the search and the notifications (the running timer). */
  actions?: ReactNode;
  /** The notifications button (a feature's: the layout knows no feature). */
  notifications?: ReactNode;
}

export function Header({
  user,
  title = DEFAULT_PAGE_TITLE,
  searchValue,
  onSearchChange,
  actions,
  notifications,
}: HeaderProps) {
  return (
    // On a phone the search takes a second row of its own, so the title keeps the first (issue 37:
    // titles were cut to "Dashb…" when both shared 326 px).
    <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-2 border-b bg-card px-4 py-3 sm:h-16 sm:flex-nowrap sm:gap-4 sm:py-0 md:px-6">
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight sm:text-xl">{title}</h1>
      <HeaderSearch value={searchValue} onChange={onSearchChange} />
      {actions}
      {notifications}
      <UserMenu user={user} />
    </header>
  );
}
