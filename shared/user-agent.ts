/**
 * "Chrome on Windows" from a User-Agent, for the Sessions card. Deliberately small: the browsers and
 * systems people sign in with, in the order that tells them apart (Edge and Opera say "Chrome" too,
 * Chrome says "Safari", Android says "Linux", iPadOS may say "Macintosh").
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  // HeadlessChrome too: there is no word boundary before its "Chrome".
  [/Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = (userAgent: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1];

export const UNKNOWN_BROWSER = 'Unknown browser';

export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_BROWSER;
}
