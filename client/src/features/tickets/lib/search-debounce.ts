/** Typing pauses this long before the list asks the server again (and, on /tickets, the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;
