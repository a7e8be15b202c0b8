/**
 * Debian's Chromium, started the way this machine allows (no sandbox, no background network): one
 * source for the browser suite (browser.ts) and the first-screen benchmark (bench/first-screen.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
