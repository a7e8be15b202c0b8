/** The Navigation API's part this module reads (not in TypeScript's DOM types yet). */
interface NavigationLike {
  currentEntry: { index: number } | null;
}

/**
 * Whether "Back" stays in the app: the browser's previous entry is one of ours (same origin), not the
 * blank new-tab page or another site that opened this page. The Navigation API lists only this
 * origin's entries, so the current one's index says it; `history.length` cannot tell (a new tab
 * already has an entry before ours), so it is only the fallback where that API is missing.
 */
export function canGoBackInApp(): boolean {
  const navigation = (window as { navigation?: NavigationLike }).navigation;
  if (navigation?.currentEntry) return navigation.currentEntry.index > 0;
  return window.history.length > 1;
}
