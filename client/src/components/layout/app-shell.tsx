import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '@shared/contracts/auth';
import { focusRing } from '@/components/ui/focus-ring';
import { cn } from '@/lib/utils';
import { AppShellContext, DEFAULT_PAGE_TITLE, type AppShellState } from './app-shell-context';
import { ConnectionBanner } from './connection-banner';
import { Header } from './header';
import { ShortcutsDialog } from './shortcuts-dialog';
import { Sidebar } from './sidebar';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

interface AppShellProps {
  user: PublicUser;
  children: ReactNode;
  /** Feature widgets for the header (the running timer): the shell knows no feature itself. */
  headerActions?: ReactNode;
  /** The header's notifications button. */
  notifications?: ReactNode;
  /** The sidebar's saved views section, and whether one of them (or a group) is the list shown. */
  sidebarViews?: ReactNode;
  viewShown?: boolean;
  /** The sidebar's groups section (issue 39), under the views. */
  sidebarGroups?: ReactNode;
}

/**
 * Sidebar, header and main area of the signed-in app. It stays mounted across page changes; pages
 * set the header title with usePageTitle and read the header search with useHeaderSearch. It listens
 * for the keyboard shortcuts and shows their list on "?".
 */
export function AppShell({
  user,
  children,
  headerActions,
  notifications,
  sidebarViews,
  viewShown,
  sidebarGroups,
}: AppShellProps) {
  const [location] = useLocation();
  const [title, setTitle] = useState(DEFAULT_PAGE_TITLE);
  // The search belongs to the page it was typed on: a different path reads it as empty.
  const [typedSearch, setTypedSearch] = useState({ path: location, text: '' });
  const search = typedSearch.path === location ? typedSearch.text : '';
  const setSearch = useCallback((text: string) => setTypedSearch({ path: location, text }), [location]);

  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const showShortcuts = useCallback(() => setShortcutsOpen(true), []);
  useKeyboardShortcuts({ onShowShortcuts: showShortcuts });

  const shell = useMemo<AppShellState>(
    () => ({ title, setTitle, search, setSearch }),
    [title, search, setSearch],
  );

  return (
    <AppShellContext.Provider value={shell}>
      <a
        href="#main-content"
        className={cn(
          'skip-link sr-only z-50 rounded-md bg-card px-4 py-2 text-sm font-medium shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2',
          focusRing,
        )}
      >
        Skip to main content
      </a>
      <div className="flex h-screen overflow-hidden bg-background">
        <Sidebar user={user} views={sidebarViews} groups={sidebarGroups} viewShown={viewShown} />
        <div className="flex min-w-0 flex-1 flex-col">
          <Header
            user={user}
            title={title}
            searchValue={search}
            onSearchChange={setSearch}
            actions={headerActions}
            notifications={notifications}
          />
          <ConnectionBanner />
          <main id="main-content" tabIndex={-1} className="flex-1 overflow-y-auto p-4 outline-hidden md:p-6">
            {children}
          </main>
        </div>
      </div>
      <ShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </AppShellContext.Provider>
  );
}
