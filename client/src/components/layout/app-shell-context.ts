import { createContext, useContext, useLayoutEffect } from 'react';

export const DEFAULT_PAGE_TITLE = 'Dashboard';

export interface AppShellState {
  title: string;
  setTitle: (title: string) => void;
  /** The header's search text; pages that filter by it (tickets, loaner equipment) read it here. */
  search: string;
  setSearch: (search: string) => void;
}

const noop = () => undefined;

/** Outside an AppShell (a signed-out 404, say) the hooks below read defaults and write nowhere. */
export const AppShellContext = createContext<AppShellState>({
  title: DEFAULT_PAGE_TITLE,
  setTitle: noop,
  search: '',
  setSearch: noop,
});

/** Sets the header title while the calling page is shown. Layout effect: the new title paints with the page. */
export function usePageTitle(title: string): void {
  const { setTitle } = useContext(AppShellContext);
  useLayoutEffect(() => setTitle(title), [setTitle, title]);
}

/** The header search text and its setter; it is empty again whenever the path changes. */
export function useHeaderSearch(): readonly [string, (search: string) => void] {
  const { search, setSearch } = useContext(AppShellContext);
  return [search, setSearch] as const;
}
