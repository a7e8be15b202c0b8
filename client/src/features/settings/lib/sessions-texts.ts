/** The words of the Sessions card (Settings, every user). */
export const SESSIONS_TEXTS = {
  title: 'Sessions',
  description: 'Where you are signed in. Sign out anywhere you no longer use or do not recognise.',
  thisDevice: 'This device',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  unknownAddress: 'unknown address',
  signOut: 'Sign Out',
  signOutLabel: (what: string) => `Sign out ${what}`,
  signOutOthers: 'Sign Out Other Sessions',
  signedOut: 'Session signed out',
  othersSignedOut: (count: number) =>
    count === 1 ? '1 other session signed out' : `${count} other sessions signed out`,
  failed: 'Failed to sign out the session',
  loadFailed: 'Your sessions could not be loaded.',
} as const;
