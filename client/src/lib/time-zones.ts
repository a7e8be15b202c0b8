/**
 * The IANA time zones this browser knows (Intl's own list, never one typed by hand), and the search
 * the time zone picker runs over them.
 */
const KNOWN_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** The browser's zones, plus `current` when the browser lists it under another name ("UTC"). */
export function timeZoneChoices(current: string): readonly string[] {
  return current === '' || KNOWN_ZONES.includes(current) ? KNOWN_ZONES : [current, ...KNOWN_ZONES];
}

/** "America/New_York" as searched: lower case, the separators as spaces. */
const searchable = (zone: string) => zone.toLowerCase().replace(/[/_-]+/g, ' ');

/**
 * The zones holding every word typed, in any letter case, "_" and "/" read as spaces: "new york",
 * "york", "america/new" all find America/New_York. Nothing typed: every zone.
 */
export function matchingTimeZones(zones: readonly string[], query: string): string[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  return zones.filter((zone) => {
    const text = searchable(zone);
    return words.every((word) => text.includes(word));
  });
}
