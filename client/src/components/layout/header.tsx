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
    <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card px-4 sm:gap-4 md:px-6">
      <h1 className="min-w-0 flex-1 truncate text-xl font-semibold tracking-tight">{title}</h1>
      <HeaderSearch value={searchValue} onChange={onSearchChange} />
      {actions}
      {notifications}
      <UserMenu user={user} />
    </header>
  );
}
