/** The words of the API Tokens cards (issue 43): Settings → Security (everyone) and → Team (admins). */
export const API_TOKENS_TEXTS = {
  title: 'API Tokens',
  description:
    'Tokens let your scripts use the API as you, with your role. Send one as "Authorization: Bearer <token>".',
  teamDescription: 'Every member’s API tokens. Revoking one stops it at once.',
  name: 'Name',
  namePlaceholder: 'Nightly billing export',
  scope: 'Access',
  expiry: 'Expires',
  create: 'Create Token',
  creating: 'Creating...',
  created: 'Token created',
  createFailed: 'Could not create the token',
  secretLabel: 'Your New Token',
  secretHint: 'Copy it now: it is shown only once.',
  copy: 'Copy Token',
  copied: 'Token copied',
  done: 'Done',
  empty: 'No tokens yet.',
  teamEmpty: 'No member has a token.',
  loadFailed: 'The tokens could not be loaded.',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke Token?',
  revokeText: (name: string) => `Scripts using "${name}" stop working at once. This cannot be undone.`,
  revoked: 'Token revoked',
  revokeFailed: 'Could not revoke the token',
  neverUsed: 'Never used',
  lastUsed: 'Last used',
  createdOn: 'Created',
  expires: 'Expires',
  expired: 'Expired',
  never: 'Never expires',
  owner: 'Owner',
} as const;

/** The expiry choices of a new token, in days; null never expires. */
export const API_TOKEN_EXPIRY_CHOICES = [
  { value: '30', days: 30, label: 'In 30 days' },
  { value: '90', days: 90, label: 'In 90 days' },
  { value: '365', days: 365, label: 'In a year' },
  { value: 'never', days: null, label: 'Never' },
] as const;
